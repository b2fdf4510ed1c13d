import { Suspense, useCallback, useEffect, useMemo, useRef, useState } from "react";
import { useSearchParams } from "react-router";
import { Alert } from "../../../components/ui/alert";
import { useSession } from "../../../lib/auth/auth-state";
import { keepFocusState } from "../../../lib/focus-on-navigation";
import { useTranslate } from "../../../lib/i18n/use-translate";
import { isWorkspaceAdmin, useMyWorkspaceRole } from "../../../lib/workspace/workspace-members";
import { useAttachments } from "../api/attachments";
import { useChannelMessages } from "../api/list-messages";
import { usePeople } from "../api/list-people";
import { chronological } from "../api/message-cache";
import { useReactions } from "../api/reactions";
import type { Attachment, Channel, Message, Reaction } from "../api/types";
import { typistNames } from "../hooks/typing-state";
import { useTyping } from "../hooks/use-typing";
import { ChatContext, type ChatContextValue } from "./chat-context";
import { Composer } from "./composer";
import { LazyThreadPane } from "./lazy-chat-parts";
import { MessageList } from "./message-list";
import { TypingIndicator } from "./typing-indicator";
import { useConversationLabels } from "./conversation-labels";

const noReactions: Reaction[] = [];
const noAttachments: Attachment[] = [];

/**
 * The open channel: timeline, typing line and composer, with a thread panel beside it when the
 * URL says `?thread=<message id>` (so a thread can be linked and Back closes it). The thread panel
 * loads when a thread is first opened (and takes focus as it mounts).
 */
export function ChannelChat({ channel }: { channel: Channel }) {
  const t = useTranslate();
  const me = useSession()?.user.id ?? "";
  const people = usePeople();
  const reactions = useReactions(channel.id);
  const attachments = useAttachments(channel.id);
  const timeline = useChannelMessages(channel.id);
  const [params, setParams] = useSearchParams();
  const threadId = params.get("thread");
  const [editingId, setEditingId] = useState<string | null>(null);
  const opener = useRef<HTMLElement | null>(null);
  const typing = useTyping(channel.id, me || null);
  const typingNames = typistNames(typing.typists, (userId) => people.data?.get(userId)?.display_name);
  const canPost = channel.archived_at === null;
  // In a DM an admin is one of its people: no moderating the others (the policies agree).
  const myRole = useMyWorkspaceRole(channel.workspace_id, me);
  const canModerate = channel.kind === "channel" && isWorkspaceAdmin(myRole);
  const labels = useConversationLabels(channel);
  const openThread = useCallback(
    (messageId: string, from: HTMLElement | null) => {
      opener.current = from;
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          next.set("thread", messageId);
          return next;
        },
        { state: keepFocusState },
      ); // the panel takes focus itself
    },
    [setParams],
  );

  function closeThread() {
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete("thread");
        return next;
      },
      { state: keepFocusState },
    );
  }

  // Once the panel is gone (and the timeline visible again on narrow screens), focus goes back to
  // what opened it — or, if that row was re-rendered meanwhile, to the same message's control.
  const shownThread = useRef<string | null>(threadId);
  useEffect(() => {
    const closed = shownThread.current;
    shownThread.current = threadId;
    if (threadId || !closed) return;
    // The row's own summary first: a selector list would match the row itself first (document order).
    const row = document.querySelector<HTMLElement>(`[data-message-id="${closed}"]`);
    const from = opener.current?.isConnected
      ? opener.current
      : (row?.querySelector<HTMLElement>(".message__thread-summary") ?? row);
    from?.focus();
  }, [threadId]);

  /** ↑ in an empty composer: edit the caller's newest live message among these. */
  function editLast(messages: Message[]): boolean {
    const last = messages.findLast((message) => message.author_id === me && !message.deleted_at);
    if (!last) return false;
    setEditingId(last.id);
    return true;
  }

  // Every message reads this context: a new object on each render (a new message arriving, someone
  // typing) would re-render every message on screen, which is what made a message slow to appear.
  const notifyTyping = typing.notifyTyping;
  const value = useMemo<ChatContextValue>(
    () => ({
      channelId: channel.id,
      workspaceId: channel.workspace_id,
      me,
      canPost,
      canModerate,
      people: people.data,
      reactions: reactions.data ?? noReactions,
      attachments: attachments.data ?? noAttachments,
      editingId,
      setEditingId,
      openThread,
      notifyTyping,
    }),
    [
      channel.id,
      channel.workspace_id,
      me,
      canPost,
      canModerate,
      people.data,
      reactions.data,
      attachments.data,
      editingId,
      openThread,
      notifyTyping,
    ],
  );

  return (
    <ChatContext.Provider value={value}>
      <div className={`channel-chat${threadId ? " channel-chat--thread" : ""}`}>
        <div className="channel-chat__main">
          <MessageList channelId={channel.id} labels={labels} />
          <TypingIndicator names={typingNames} />
          {canPost ? (
            <Composer label={labels.composer} onEditLast={() => editLast(chronological(timeline.data))} />
          ) : (
            <Alert tone="info">
              <p>{t("channels.composer.archived")}</p>
            </Alert>
          )}
        </div>
        {threadId && (
          <Suspense fallback={null}>
            <LazyThreadPane parentId={threadId} labels={labels} onClose={closeThread} onEditLast={editLast} />
          </Suspense>
        )}
      </div>
    </ChatContext.Provider>
  );
}
