import { useEffect, useId, useRef, useState, type KeyboardEvent } from "react";
import { Alert } from "../../../components/ui/alert";
import { Button } from "../../../components/ui/button";
import { useTranslate } from "../../../lib/i18n/use-translate";
import { useEditMessage } from "../api/message-mutations";
import type { Message } from "../api/types";
import { decodeMentions, encodeMentions } from "../mentions/mention-tokens";
import { useChat } from "./chat-context";
import { MessageInput } from "./message-input";

/**
 * Inline editor for one's own message: Enter saves, Shift+Enter adds a line, Esc cancels. Mentions
 * show as the people's current `@username`s and are stored as id tokens again on save.
 */
export function EditMessageForm({ message }: { message: Message }) {
  const t = useTranslate();
  const id = useId();
  const { channelId, setEditingId, people } = useChat();
  const [body, setBody] = useState(() => decodeMentions(message.body, people ?? new Map()));
  const edit = useEditMessage(channelId);
  const input = useRef<HTMLTextAreaElement>(null);

  useEffect(() => {
    const element = input.current;
    if (!element) return;
    element.focus();
    element.setSelectionRange(element.value.length, element.value.length);
  }, []);

  function save() {
    const text = encodeMentions(body.trim(), people ?? new Map());
    if (!text || edit.isPending) return;
    if (text === message.body) return setEditingId(null);
    edit.mutate({ id: message.id, body: text }, { onSuccess: () => setEditingId(null) });
  }

  function onKeyDown(event: KeyboardEvent<HTMLTextAreaElement>) {
    if (event.key !== "Escape") return;
    event.preventDefault();
    event.stopPropagation();
    setEditingId(null);
  }

  return (
    <form
      className="edit-message"
      onSubmit={(event) => {
        event.preventDefault();
        save();
      }}
    >
      <label htmlFor={id} className="visually-hidden">
        {t("channels.edit.label")}
      </label>
      <MessageInput
        ref={input}
        id={id}
        value={body}
        aria-describedby={`${id}-hint`}
        onChange={(event) => setBody(event.target.value)}
        onEnter={save}
        onKeyDown={onKeyDown}
      />
      {edit.isError && (
        <Alert tone="error">
          <p>{t("channels.edit.failed")}</p>
        </Alert>
      )}
      <div className="edit-message__actions">
        <span id={`${id}-hint`} className="composer__hint">
          {t("channels.edit.hint")}
        </span>
        <Button variant="quiet" onClick={() => setEditingId(null)}>
          {t("channels.edit.cancel")}
        </Button>
        <Button type="submit" pending={edit.isPending}>
          {t("channels.edit.save")}
        </Button>
      </div>
    </form>
  );
}
