import X from "lucide-react/icons/x";
import { useEffect, useRef } from "react";
import { LoadError } from "../../../components/ui/load-error";
import { Spinner } from "../../../components/ui/spinner";
import { useTranslate } from "../../../lib/i18n/use-translate";
import { useThread } from "../api/list-replies";
import type { Message } from "../api/types";
import { useChat } from "./chat-context";
import { FollowThreadButton } from "./follow-thread-button";
import { Composer } from "./composer";
import type { ConversationLabels } from "./conversation-labels";
import { MessageItem } from "./message-item";

type ThreadPanelProps = {
  parentId: string;
  labels: ConversationLabels;
  onClose: () => void;
  onEditLast: (messages: Message[]) => boolean;
};

/**
 * A thread beside the timeline (over it on narrow screens): a labelled complementary region that
 * takes focus when it opens; Esc or the close button closes it and focus returns to the opener.
 * Replies arrive through the channel's realtime subscription into this thread's cache.
 */
export function ThreadPanel({ parentId, labels, onClose, onEditLast }: ThreadPanelProps) {
  const t = useTranslate();
  const { channelId, canPost } = useChat();
  const thread = useThread(channelId, parentId);
  const heading = useRef<HTMLHeadingElement>(null);
  const [parent, ...replies] = thread.data ?? [];

  useEffect(() => heading.current?.focus(), [parentId]);

  return (
    <aside
      className="thread-panel"
      aria-labelledby="thread-title"
      onKeyDown={(event) => {
        if (event.key === "Escape" && !event.defaultPrevented) {
          event.preventDefault();
          onClose();
        }
      }}
    >
      <header className="thread-panel__header">
        <h2 id="thread-title" ref={heading} tabIndex={-1}>
          {t("channels.thread.title")}
        </h2>
        <FollowThreadButton parentId={parentId} replyCount={replies.length} />
        <button
          type="button"
          className="icon-button"
          aria-label={t("channels.thread.close")}
          title={t("channels.thread.close")}
          onClick={onClose}
        >
          <X size={18} aria-hidden="true" />
        </button>
      </header>
      {thread.isPending ? (
        <Spinner />
      ) : thread.isError || !parent || parent.id !== parentId ? (
        <LoadError message="channels.thread.loadError" onRetry={() => void thread.refetch()} />
      ) : (
        <>
          <div className="thread-panel__messages">
            <MessageItem message={parent} inThread />
            <p className="thread-panel__count">{t("channels.thread.replies", { count: replies.length })}</p>
            <div role="log" aria-label={t("channels.thread.repliesLabel")}>
              {replies.map((reply) => (
                <MessageItem key={reply.id} message={reply} inThread />
              ))}
            </div>
          </div>
          {canPost && !parent.deleted_at && (
            <Composer threadParentId={parentId} label={labels.threadComposer} onEditLast={() => onEditLast(replies)} />
          )}
        </>
      )}
    </aside>
  );
}
