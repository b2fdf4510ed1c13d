import { useIntl } from "react-intl";
import { LocaleLink } from "../../../lib/i18n/locale-link";
import { useTranslate } from "../../../lib/i18n/use-translate";
import { parseSnippet } from "../api/snippet";
import type { SearchHit } from "../api/search-messages";

type SearchResultProps = {
  hit: SearchHit;
  workspaceSlug: string;
  channelName: string;
  /** Set when the hit is in a DM: its other people's names, which stand for the channel's name. */
  directPeople?: string | undefined;
  authorName: string;
};

/** The channel opened at the message; a thread reply opens its thread beside its parent. */
function messageLink(workspaceSlug: string, hit: SearchHit): string {
  const params = new URLSearchParams(
    hit.thread_parent_id ? { message: hit.thread_parent_id, thread: hit.thread_parent_id } : { message: hit.id },
  );
  return `/w/${workspaceSlug}/c/${hit.channel_id}?${params.toString()}`;
}

/** One hit: who, where, when, the excerpt with matches in <mark> (rendered as text), and a jump link. */
export function SearchResult({ hit, workspaceSlug, channelName, directPeople, authorName }: SearchResultProps) {
  const t = useTranslate();
  const intl = useIntl();
  return (
    <li className="search-result">
      <p className="search-result__meta">
        <span>
          {directPeople === undefined
            ? t("search.resultMeta", { author: authorName, channel: channelName })
            : t("directMessages.search.resultMeta", { author: authorName, people: directPeople })}
        </span>{" "}
        <time dateTime={hit.created_at}>
          {intl.formatDate(hit.created_at, { dateStyle: "medium", timeStyle: "short" })}
        </time>
      </p>
      <p className="search-result__snippet" dir="auto">
        {parseSnippet(hit.snippet).map((part, index) =>
          part.marked ? <mark key={index}>{part.text}</mark> : <span key={index}>{part.text}</span>,
        )}
      </p>
      <LocaleLink to={messageLink(workspaceSlug, hit)}>
        {directPeople === undefined
          ? t("search.open", { channel: channelName })
          : t("directMessages.search.open", { people: directPeople })}
      </LocaleLink>
    </li>
  );
}
