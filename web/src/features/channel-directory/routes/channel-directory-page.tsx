import { useDeferredValue, useState } from "react";
import { Alert } from "../../../components/ui/alert";
import { LoadError } from "../../../components/ui/load-error";
import { PageHeading } from "../../../components/ui/page-heading";
import { Spinner } from "../../../components/ui/spinner";
import { TextField } from "../../../components/ui/text-field";
import { useLocaleNavigate } from "../../../lib/i18n/use-locale-navigate";
import { useTranslate } from "../../../lib/i18n/use-translate";
import { useCurrentWorkspace } from "../../../lib/workspace/workspace-outlet";
import { useDirectory } from "../api/list-directory";
import { useChannelMembership } from "../api/membership";
import { CreateChannelForm } from "../components/create-channel-form";
import { DirectoryRow } from "../components/directory-row";
import "../channel-directory.css";

/** The longest search `channel_directory` accepts. */
const MAX_SEARCH = 100;

/**
 * `/:locale/w/:slug/channels` — the channel directory: the workspace's public channels with topics
 * and member counts, searchable by name and topic; join, leave, open, or create one.
 */
export function ChannelDirectoryPage() {
  const t = useTranslate();
  const workspace = useCurrentWorkspace();
  const navigate = useLocaleNavigate();
  const [search, setSearch] = useState("");
  const deferredSearch = useDeferredValue(search.trim());
  const directory = useDirectory(workspace.id, deferredSearch);
  const membership = useChannelMembership(workspace.id, workspace.userId);

  return (
    <section className="channel-directory" aria-labelledby="channel-directory-title">
      <title>{t("app.documentTitle", { page: t("channelDirectory.title") })}</title>
      <div id="channel-directory-title">
        <PageHeading>{t("channelDirectory.title")}</PageHeading>
      </div>
      <TextField
        label={t("channelDirectory.search")}
        type="search"
        autoComplete="off"
        dir="auto"
        maxLength={MAX_SEARCH}
        value={search}
        onChange={(event) => setSearch(event.target.value)}
      />
      {membership.isError && (
        <Alert tone="error">
          <p>{t("channelDirectory.membershipFailed")}</p>
        </Alert>
      )}
      {directory.isPending && <Spinner />}
      {directory.isError && <LoadError message="channelDirectory.loadError" onRetry={() => void directory.refetch()} />}
      {directory.data && (
        <>
          <p role="status" className="channel-directory__count">
            {t("channelDirectory.results", { count: directory.data.length })}
          </p>
          <ul className="channel-directory__list" aria-labelledby="channel-directory-title">
            {directory.data.map((channel) => (
              <DirectoryRow
                key={channel.id}
                channel={channel}
                workspaceSlug={workspace.slug}
                pending={membership.isPending && membership.variables.channelId === channel.id}
                onMembership={(join) => membership.mutate({ channelId: channel.id, join })}
              />
            ))}
          </ul>
        </>
      )}
      <CreateChannelForm
        workspaceId={workspace.id}
        userId={workspace.userId}
        onCreated={(channelId) => navigate(`/w/${workspace.slug}/c/${channelId}`)}
      />
    </section>
  );
}
