import { useEffect } from "react";
import { useParams } from "react-router";
import { Alert } from "../../../components/ui/alert";
import { Button } from "../../../components/ui/button";
import { PageHeading } from "../../../components/ui/page-heading";
import { Spinner } from "../../../components/ui/spinner";
import { useTranslate } from "../../../lib/i18n/use-translate";
import { useChannel } from "../api/get-channel";
import { useChannelMessages } from "../api/list-messages";
import { markChannelRead } from "../api/mark-channel-read";
import { Composer } from "../components/composer";
import { MessageList } from "../components/message-list";
import { useChannelRealtime } from "../hooks/use-channel-realtime";
import "../channels.css";

/** `/:locale/w/:slug/c/:channelId` — a channel's timeline and composer; viewing it marks it read. */
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
    return (
      <Alert tone="error" actions={<Button onClick={() => void channel.refetch()}>{t("chat.retry")}</Button>}>
        <p>{t("channels.messages.loadError")}</p>
      </Alert>
    );
  }
  if (channel.data === null) {
    return (
      <Alert tone="info">
        <p>{t("channels.view.notFound")}</p>
      </Alert>
    );
  }
  const { name, topic, archived_at: archivedAt } = channel.data;
  return (
    <section className="channel-view" aria-labelledby="channel-title">
      <title>{t("app.documentTitle", { page: `#${name}` })}</title>
      <header className="channel-view__header">
        <div id="channel-title">
          <PageHeading>#{name}</PageHeading>
        </div>
        {topic && <p className="channel-view__topic">{topic}</p>}
      </header>
      <MessageList channelId={channelId} channelName={name} />
      {archivedAt ? (
        <Alert tone="info">
          <p>{t("channels.composer.archived")}</p>
        </Alert>
      ) : (
        <Composer channelId={channelId} channelName={name} />
      )}
    </section>
  );
}
