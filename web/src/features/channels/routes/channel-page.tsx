import { useEffect } from "react";
import { useParams } from "react-router";
import { Alert } from "../../../components/ui/alert";
import { LoadError } from "../../../components/ui/load-error";
import { Spinner } from "../../../components/ui/spinner";
import { useSession } from "../../../lib/auth/auth-state";
import { markFirstScreenShown } from "../../../lib/first-screen/first-screen";
import { useTranslate } from "../../../lib/i18n/use-translate";
import { useRememberTimeZone } from "../../../lib/profile/use-remember-time-zone";
import { useChannel } from "../api/get-channel";
import { useChannelMessages } from "../api/list-messages";
import { markChannelRead } from "../api/mark-channel-read";
import { useUnreadStart } from "../api/unread-start";
import { ChannelChat } from "../components/channel-chat";
import { ConversationHeader } from "../components/conversation-header";
import { useChannelRealtime } from "../hooks/use-channel-realtime";
import "../channels.css";

/**
 * `/:locale/w/:slug/c/:channelId` — a channel's or a DM's timeline, composer and threads; viewing it marks it read. The chat is
 * keyed by channel: drafts and pending files never follow you to another one.
 */
export function ChannelPage() {
  const t = useTranslate();
  const { channelId = "" } = useParams();
  const channel = useChannel(channelId);
  const newestId = useChannelMessages(channelId).data?.pages[0]?.[0]?.id;
  useChannelRealtime(channelId);
  // Where the unread messages begin is read before the visit marks them read.
  const userId = useSession()?.user.id ?? "";
  const unreadKnown = !useUnreadStart(channelId, userId).isPending;
  useRememberTimeZone(userId);

  useEffect(() => {
    if (channel.data && newestId && unreadKnown) void markChannelRead(channelId).catch(() => undefined); // a stale badge is harmless
  }, [channelId, channel.data, newestId, unreadKnown]);

  // Without a conversation to show, what waits for its messages (see ChannelChat) loads now.
  const noConversation = channel.isError || channel.data === null;
  useEffect(() => {
    if (noConversation) markFirstScreenShown();
  }, [noConversation]);

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
  return (
    <section className="channel-view" aria-labelledby="channel-title">
      <ConversationHeader channel={channel.data} canPost={channel.data.archived_at === null} />
      <ChannelChat key={channel.data.id} channel={channel.data} />
    </section>
  );
}
