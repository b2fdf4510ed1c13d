import Search from "lucide-react/icons/search";
import { Suspense, lazy, useId, useState, type FormEvent } from "react";
import { useTranslate } from "../../../lib/i18n/use-translate";

// Its results load with the first search. Declared here, not in lazy-chat-parts.ts: importing that
// module from this lazy chunk would split it off the conversation page, one more file to fetch.
const LazyConversationSearchResults = lazy(async () => ({
  default: (await import("./conversation-search-results")).ConversationSearchResults,
}));

/**
 * `search_messages` refuses longer queries (400, code 22023): the field stops typing there. Kept
 * here, not beside the query (whose zod schema belongs in the results' lazy chunk).
 */
const maxQueryLength = 1000;

type ConversationSearchProps = { workspaceId: string; channelId: string; label: string };

/**
 * The header's search in this conversation (Slack's "Search in #channel"). Submitting lists the
 * newest matches under the field (that part loads on the first search, not with the page); choosing
 * one opens the timeline at that message, with the messages around it. Escape closes the list.
 */
export function ConversationSearch({ workspaceId, channelId, label }: ConversationSearchProps) {
  const t = useTranslate();
  const inputId = useId();
  const [text, setText] = useState("");
  const [query, setQuery] = useState("");
  const close = () => setQuery("");
  function submit(event: FormEvent) {
    event.preventDefault();
    setQuery(text.trim());
  }
  return (
    <div
      className="conversation-search"
      onKeyDown={(event) => {
        if (event.key === "Escape" && query) {
          event.stopPropagation();
          close();
        }
      }}
    >
      <form role="search" className="conversation-search__form" onSubmit={submit}>
        <label htmlFor={inputId} className="visually-hidden">
          {label}
        </label>
        <input
          id={inputId}
          type="search"
          dir="auto"
          className="conversation-search__input"
          placeholder={label}
          maxLength={maxQueryLength}
          value={text}
          onChange={(event) => setText(event.target.value)}
        />
        <button
          type="submit"
          className="icon-button"
          aria-label={t("channels.search.submit")}
          title={t("channels.search.submit")}
        >
          <Search size={16} aria-hidden="true" />
        </button>
      </form>
      {query && (
        <Suspense
          fallback={
            <p className="conversation-search__results" role="status">
              {t("channels.search.searching")}
            </p>
          }
        >
          <LazyConversationSearchResults
            workspaceId={workspaceId}
            channelId={channelId}
            query={query}
            onClose={close}
          />
        </Suspense>
      )}
    </div>
  );
}
