import { useSearchParams } from "react-router";
import { LoadError } from "../../../components/ui/load-error";
import { useTranslate } from "../../../lib/i18n/use-translate";
import { usePeople } from "../api/list-people";
import { useConversationSearch, type ConversationHit } from "../api/search-conversation";
import { MessageSummary } from "./message-summary";

type ResultsProps = { workspaceId: string; channelId: string; query: string; onClose: () => void };

/**
 * The header search's matches, newest first, each with a way into the timeline at it: `?message=`
 * (a thread reply opens its thread beside its parent, as the Search page does), which the
 * timeline's jump (`useJumpToMessage`) follows, loading older pages until the message is there.
 * Loaded on the first search (see `LazyConversationSearchResults`).
 */
export function ConversationSearchResults({ workspaceId, channelId, query, onClose }: ResultsProps) {
  const t = useTranslate();
  const search = useConversationSearch(workspaceId, channelId, query);
  const people = usePeople();
  const [, setParams] = useSearchParams();

  function show(hit: ConversationHit) {
    const target = hit.thread_parent_id ?? hit.id;
    setParams((current) => {
      const next = new URLSearchParams(current);
      next.set("message", target);
      if (hit.thread_parent_id) next.set("thread", hit.thread_parent_id);
      else next.delete("thread");
      return next;
    });
    onClose();
  }

  return (
    <section className="conversation-search__results" aria-label={t("channels.search.results")}>
      {search.isError ? (
        <LoadError message="channels.search.loadError" onRetry={() => void search.refetch()} />
      ) : (
        <p role="status" className="conversation-search__count">
          {search.data
            ? search.data.length === 0
              ? t("channels.search.empty", { query })
              : t("channels.search.count", { count: search.data.length })
            : t("channels.search.searching")}
        </p>
      )}
      <ul className="panel-dialog__list">
        {search.data?.map((hit) => (
          <MessageSummary key={hit.id} message={hit} people={people.data}>
            <button type="button" className="conversation-search__show" onClick={() => show(hit)}>
              {t("channels.search.show")}
            </button>
          </MessageSummary>
        ))}
      </ul>
      <button type="button" className="conversation-search__close" onClick={onClose}>
        {t("channels.panel.close")}
      </button>
    </section>
  );
}
