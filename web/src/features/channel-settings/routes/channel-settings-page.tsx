import { useParams } from "react-router";
import { Alert } from "../../../components/ui/alert";
import { LoadError } from "../../../components/ui/load-error";
import { PageHeading } from "../../../components/ui/page-heading";
import { Spinner } from "../../../components/ui/spinner";
import { LocaleLink } from "../../../lib/i18n/locale-link";
import { useTranslate } from "../../../lib/i18n/use-translate";
import { isWorkspaceAdmin, useMyWorkspaceRole } from "../../../lib/workspace/workspace-members";
import { useCurrentWorkspace } from "../../../lib/workspace/workspace-outlet";
import { useChannelMembership } from "../api/get-channel-membership";
import { useChannelSettings } from "../api/get-channel-settings";
import { ArchiveControl } from "../components/archive-control";
import { BroadcastMentionsControl } from "../components/broadcast-mentions-control";
import { ChannelSettingsForm } from "../components/channel-settings-form";
import "../channel-settings.css";

/** `/:locale/w/:slug/c/:channelId/settings` — rename, topic, privacy and archive of a channel. */
export function ChannelSettingsPage() {
  const t = useTranslate();
  const { channelId = "" } = useParams();
  const workspace = useCurrentWorkspace();
  const role = useMyWorkspaceRole(workspace.id, workspace.userId);
  const channel = useChannelSettings(channelId);
  const membership = useChannelMembership(channelId, workspace.userId);

  if (channel.isPending || membership.isPending) return <Spinner />;
  if (channel.isError) return <LoadError message="channelSettings.loadError" onRetry={() => void channel.refetch()} />;
  if (channel.data === null) {
    return (
      <Alert tone="info">
        <p>{t("channelSettings.notFound")}</p>
      </Alert>
    );
  }
  const data = channel.data;
  return (
    <section className="channel-settings" aria-labelledby="channel-settings-title">
      <title>{t("app.documentTitle", { page: t("channelSettings.title", { channel: data.name }) })}</title>
      <div id="channel-settings-title">
        <PageHeading>{t("channelSettings.title", { channel: data.name })}</PageHeading>
      </div>
      <LocaleLink to={`/w/${workspace.slug}/c/${data.id}`}>
        {t("channelSettings.back", { channel: data.name })}
      </LocaleLink>
      {data.archived_at && (
        <Alert tone="info">
          <p>{t("channelSettings.archivedNotice")}</p>
        </Alert>
      )}
      <ChannelSettingsForm key={data.id} channel={data} canMakePublic={membership.data === true} />
      <BroadcastMentionsControl channel={data} isAdmin={isWorkspaceAdmin(role)} />
      <ArchiveControl channel={data} isAdmin={isWorkspaceAdmin(role)} />
    </section>
  );
}
