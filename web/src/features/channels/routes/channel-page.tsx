import { useEffect } from "react";
import { useParams } from "react-router";
import { Alert } from "../../../components/ui/alert";
import { LoadError } from "../../../components/ui/load-error";
import { PageHeading } from "../../../components/ui/page-heading";
import { Spinner } from "../../../components/ui/spinner";
import { useTranslate } from "../../../lib/i18n/use-translate";
import { useChannel } from "../api/get-channel";
import { useChannelMessages } from "../api/list-messages";
import { markChannelRead } from "../api/mark-channel-read";
import { ChannelChat } from "../components/channel-chat";
import { ChannelHeaderActions } from "../components/channel-header-actions";
import { useChannelRealtime } from "../hooks/use-channel-realtime";
import "../channels.css";

/**
 * `/:locale/w/:slug/c/:channelId` — a channel's timeline, composer and threads; viewing it marks it read. The chat is
 * keyed by channel: drafts and pending files never follow you to another one.
 */
export function ChannelPage() {
  const t = useTranslate();
  const { channelId = "" } = useParams();
  const channel = useChannel(channelId);
  const newestId = useChannelMessages(channelId).data?.pages[0]?.[0]?.id;
  useChannelRealtime(channelId);

  useEffect(() => {
    if (channel.data && newestId) void markChannelRead(channelId).catch(() => undefined); // a stale badge is harmless
  }, [channelId, channel.data, newestId]);

  if (channel.isPending) return <Spinner />;
  if (channel.isError) {
    return <LoadError message="channels.messages.loadError" onRetry={() => void channel.refetch()} />;
  }
  if (channel.data === null) {
    return (
      <Alert tone="info">
        <p>{t("channels.view.notFound")}</p>
      </Alert>
    );
  }
  const { name, topic } = channel.data;
  return (
    <section className="channel-view" aria-labelledby="channel-title">
      <title>{t("app.documentTitle", { page: `#${name}` })}</title>
      <header className="channel-view__header">
        <div id="channel-title">
          <PageHeading>#{name}</PageHeading>
        </div>
        {topic && <p className="channel-view__topic">{topic}</p>}
        <ChannelHeaderActions channelId={channel.data.id} channelName={name} />
      </header>
      <ChannelChat key={channel.data.id} channel={channel.data} />
    </section>
  );
}
