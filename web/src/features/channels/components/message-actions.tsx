import MessageSquareReply from "lucide-react/icons/message-square-reply";
import Pencil from "lucide-react/icons/pencil";
import Trash2 from "lucide-react/icons/trash";
import { useState } from "react";
import { ConfirmDialog } from "../../../components/ui/confirm-dialog";
import { useTranslate } from "../../../lib/i18n/use-translate";
import { useDeleteMessage } from "../api/message-mutations";
import { useToggleReaction } from "../api/reactions";
import { groupReactions } from "../api/reaction-cache";
import type { Attachment, Message } from "../api/types";
import { useChat } from "./chat-context";
import { EmojiPicker } from "./emoji-picker";
import { PinToggle } from "./pin-toggle";
import { SaveToggle } from "./save-toggle";

/**
 * A message's tools: react, reply in a thread (timeline only), for its author edit and delete, and for workspace admins
 * delete (which also removes `files`, its attachments, from the bucket).
 */
export function MessageActions({
  message,
  authorName,
  files,
  inThread,
}: {
  message: Message;
  authorName: string;
  files: Attachment[];
  inThread: boolean;
}) {
  const t = useTranslate();
  const chat = useChat();
  const [confirming, setConfirming] = useState(false);
  const toggle = useToggleReaction(chat.channelId);
  const remove = useDeleteMessage(chat.channelId);
  const own = message.author_id === chat.me;
  if (message.deleted_at || !chat.canPost) return null;

  function react(emoji: string) {
    const mine = groupReactions(chat.reactions, message.id, chat.me).find((group) => group.emoji === emoji)?.mine;
    toggle.mutate({ messageId: message.id, emoji, mine });
  }

  return (
    <div className="message-actions" role="group" aria-label={t("channels.actions.label")}>
      <EmojiPicker label={t("channels.actions.react")} onPick={react} />
      {!inThread && (
        <button
          type="button"
          className="icon-button"
          aria-label={t("channels.actions.reply")}
          title={t("channels.actions.reply")}
          onClick={(event) => chat.openThread(message.id, event.currentTarget)}
        >
          <MessageSquareReply size={16} aria-hidden="true" />
        </button>
      )}
      <PinToggle messageId={message.id} />
      <SaveToggle messageId={message.id} />
      {own && (
        <button
          type="button"
          className="icon-button"
          aria-label={t("channels.actions.edit")}
          title={t("channels.actions.edit")}
          onClick={() => chat.setEditingId(message.id)}
        >
          <Pencil size={16} aria-hidden="true" />
        </button>
      )}
      {(own || chat.canModerate) && (
        <ConfirmDialog
          open={confirming}
          onOpenChange={setConfirming}
          trigger={
            <button
              type="button"
              className="icon-button"
              aria-label={t("channels.actions.delete")}
              title={t("channels.actions.delete")}
            >
              <Trash2 size={16} aria-hidden="true" />
            </button>
          }
          title={t("channels.delete.title")}
          description={
            own ? t("channels.delete.description") : t("channels.delete.moderateDescription", { author: authorName })
          }
          confirmLabel={t("channels.delete.confirm")}
          cancelLabel={t("channels.edit.cancel")}
          pending={remove.isPending}
          onConfirm={() => remove.mutate({ id: message.id, files }, { onSuccess: () => setConfirming(false) })}
        />
      )}
    </div>
  );
}
