import { useSearchParams } from "react-router";
import { Button } from "../../../components/ui/button";
import { LoadError } from "../../../components/ui/load-error";
import { PageHeading } from "../../../components/ui/page-heading";
import { Spinner } from "../../../components/ui/spinner";
import { useTranslate } from "../../../lib/i18n/use-translate";
import { useWorkspaceMembers } from "../../../lib/workspace/workspace-members";
import { useDirectConversations, useDirectConversationTitle } from "../../../lib/workspace/direct-conversations";
import { useCurrentWorkspace } from "../../../lib/workspace/workspace-outlet";
import { useSearchChannels } from "../api/list-channels";
import { useMessageSearch, type SearchFilters } from "../api/search-messages";
import { SearchForm } from "../components/search-form";
import { SearchResult } from "../components/search-result";
import "../search.css";

/** `/:locale/w/:slug/search?q=…&channel=…&author=…` — message search across the workspace. */
export function SearchPage() {
  const t = useTranslate();
  const workspace = useCurrentWorkspace();
  const [params, setParams] = useSearchParams();
  const filters: SearchFilters = {
    query: params.get("q") ?? "",
    channelId: params.get("channel") ?? "",
    authorId: params.get("author") ?? "",
  };
  const channels = useSearchChannels(workspace.id);
  const members = useWorkspaceMembers(workspace.id);
  const results = useMessageSearch(workspace.id, filters);
  const hits = results.data?.pages.flat() ?? [];
  const channelName = (id: string) => channels.data?.find((channel) => channel.id === id)?.name ?? "";
  const directConversations = useDirectConversations(workspace.id, workspace.userId);
  const titleOf = useDirectConversationTitle();
  const directPeople = (id: string) => {
    const conversation = directConversations.data?.find((item) => item.id === id);
    return conversation && titleOf(conversation);
  };
  const authorName = (id: string | null) =>
    members.data?.find((member) => member.userId === id)?.name ?? t("channels.messages.unknownAuthor");

  const search = (next: SearchFilters) => {
    const query = new URLSearchParams();
    if (next.query) query.set("q", next.query);
    if (next.channelId) query.set("channel", next.channelId);
    if (next.authorId) query.set("author", next.authorId);
    setParams(query);
  };

  return (
    <section className="search-page" aria-labelledby="search-title">
      <title>{t("app.documentTitle", { page: t("search.title") })}</title>
      <div id="search-title">
        <PageHeading>{t("search.title")}</PageHeading>
      </div>
      <SearchForm
        key={params.toString()}
        initial={filters}
        channels={channels.data ?? []}
        members={members.data ?? []}
        onSearch={search}
      />
      {results.isError && <LoadError message="search.loadError" onRetry={() => void results.refetch()} />}
      {results.isFetching && !results.isFetchingNextPage && <Spinner />}
      {results.isSuccess && (
        <section aria-labelledby="search-results-title" className="search-results">
          <h2 id="search-results-title" aria-live="polite">
            {hits.length === 0
              ? t("search.empty", { query: filters.query })
              : t("search.results", { count: hits.length })}
          </h2>
          <ul className="search-results__list">
            {hits.map((hit) => (
              <SearchResult
                key={hit.id}
                hit={hit}
                workspaceSlug={workspace.slug}
                channelName={channelName(hit.channel_id)}
                directPeople={directPeople(hit.channel_id)}
                authorName={authorName(hit.author_id)}
              />
            ))}
          </ul>
          {results.hasNextPage && (
            <Button variant="quiet" pending={results.isFetchingNextPage} onClick={() => void results.fetchNextPage()}>
              {t("search.loadMore")}
            </Button>
          )}
        </section>
      )}
    </section>
  );
}
