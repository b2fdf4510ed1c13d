import { Suspense } from "react";
import { useIntl } from "react-intl";
import { UserAvatar } from "../../../components/ui/user-avatar";
import { publicAvatarUrl } from "../../../lib/profile/avatar-url";
import { useTranslate } from "../../../lib/i18n/use-translate";
import { StatusMark } from "../../../lib/statuses/status-mark";
import type { Message } from "../api/types";
import { FormattedText } from "../formatting/formatted-text";
import { AttachmentList } from "./attachment-list";
import { useChat } from "./chat-context";
import { EditHistoryButton } from "./edit-history-button";
import { LazyEditMessageForm } from "./lazy-chat-parts";
import { MessageActions } from "./message-actions";
import { MessageTime } from "./message-time";
import { placeMessageTools } from "./place-message-tools";
import { ProfileCardButton } from "./profile-card-button";
import { ReactionBar } from "./reaction-bar";

/**
 * One message: the author's picture (or initials) and name, the time of day (`MessageTime`),
 * formatted body or its inline editor (loaded when first used), files, reactions, the thread
 * summary (timeline only) and its tools, which show while the message is hovered or focused (a tap
 * focuses it: `tabIndex={-1}`). A deleted message stays as a tombstone, so its thread and the
 * reading position keep their place.
 */
export function MessageItem({
  message,
  inThread = false,
  grouped = false,
  linked = false,
}: {
  message: Message;
  inThread?: boolean;
  /** Follows the same author's message closely: no picture, the name left to screen readers, the time shown on hover. */
  grouped?: boolean;
  /** The message a link opened (`?message=<id>`), marked in the timeline. */
  linked?: boolean;
}) {
  const t = useTranslate();
  const intl = useIntl();
  const chat = useChat();
  const author = message.author_id ? chat.people?.get(message.author_id) : undefined;
  const authorName = message.imported_author_name
    ? t("channels.messages.importedAuthor", { name: message.imported_author_name })
    : (author?.display_name ?? t("channels.messages.unknownAuthor"));
  const metaId = `message-${message.id}-meta${inThread ? "-thread" : ""}`;
  const editing = chat.editingId === message.id && !message.deleted_at;
  const files = chat.attachments.filter((file) => file.message_id === message.id);
  const mentionsMe = !message.deleted_at && (message.mentions.includes(chat.me) || message.broadcast_mention !== null);
  const classes = [
    "message",
    grouped && "message--grouped",
    mentionsMe && "message--mentions-me",
    linked && "message--linked",
  ];
  const body = message.body && (
    <div className="message__body" dir="auto">
      <FormattedText text={message.body} mentions={{ names: chat.people ?? new Map(), me: chat.me }} />
    </div>
  );

  return (
    <article
      className={classes.filter(Boolean).join(" ")}
      aria-labelledby={metaId}
      data-message-id={message.id}
      tabIndex={-1}
      onPointerEnter={(event) => placeMessageTools(event.currentTarget)}
      onFocus={(event) => placeMessageTools(event.currentTarget)}
    >
      {!grouped && <UserAvatar name={authorName} imageUrl={publicAvatarUrl(author?.avatar_path)} size="medium" />}
      <p id={metaId} className="message__meta">
        {grouped || !message.author_id ? (
          <span className={grouped ? "message__author visually-hidden" : "message__author"}>{authorName}</span>
        ) : (
          <>
            <ProfileCardButton userId={message.author_id} name={authorName} />
            <StatusMark userId={message.author_id} />
          </>
        )}{" "}
        <MessageTime iso={message.created_at} />
        {message.edited_at && !message.deleted_at && (
          <>
            {" "}
            <EditHistoryButton message={message} />
          </>
        )}
      </p>
      {message.deleted_at ? (
        <p className="message__body message__body--deleted">{t("channels.messages.deleted")}</p>
      ) : editing ? (
        // The body stays in place while the editor's code loads (the first edit of a visit).
        <Suspense fallback={body}>
          <LazyEditMessageForm message={message} />
        </Suspense>
      ) : (
        body
      )}
      {!message.deleted_at && <AttachmentList files={files} />}
      {!message.deleted_at && <ReactionBar messageId={message.id} />}
      {!inThread && message.reply_count > 0 && (
        <button
          type="button"
          className="message__thread-summary"
          onClick={(event) => chat.openThread(message.id, event.currentTarget)}
        >
          {t("channels.thread.replies", { count: message.reply_count })}
          {message.last_reply_at && (
            <span className="message__time">
              {" "}
              {t("channels.thread.lastReply", {
                time: intl.formatDate(new Date(message.last_reply_at), { dateStyle: "medium", timeStyle: "short" }),
              })}
            </span>
          )}
        </button>
      )}
      {!editing && <MessageActions message={message} authorName={authorName} files={files} inThread={inThread} />}
    </article>
  );
}
