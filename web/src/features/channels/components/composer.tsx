import { SendHorizontal } from "lucide-react";
import { useId, useState, type FormEvent, type KeyboardEvent } from "react";
import { Alert } from "../../../components/ui/alert";
import { Button } from "../../../components/ui/button";
import { useTranslate } from "../../../lib/i18n/use-translate";
import { useSendMessage } from "../api/send-message";

/** Multi-line message box: Enter sends, Shift+Enter adds a line; IME composition is never cut short. */
export function Composer({ channelId, channelName }: { channelId: string; channelName: string }) {
  const t = useTranslate();
  const id = useId();
  const [body, setBody] = useState("");
  const send = useSendMessage(channelId);

  function submit(event?: FormEvent) {
    event?.preventDefault();
    const text = body.trim();
    if (!text || send.isPending) return;
    send.mutate(text, { onSuccess: () => setBody("") });
  }

  function onKeyDown(event: KeyboardEvent<HTMLTextAreaElement>) {
    if (event.key === "Enter" && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      submit();
    }
  }

  return (
    <form className="composer" onSubmit={submit}>
      {send.isError && (
        <Alert tone="error">
          <p>{t("channels.composer.sendFailed")}</p>
        </Alert>
      )}
      <label htmlFor={id} className="visually-hidden">
        {t("channels.composer.label", { channel: channelName })}
      </label>
      <div className="composer__row">
        <textarea
          id={id}
          className="composer__input"
          rows={2}
          dir="auto"
          value={body}
          placeholder={t("channels.composer.label", { channel: channelName })}
          aria-describedby={`${id}-hint`}
          onChange={(event) => setBody(event.target.value)}
          onKeyDown={onKeyDown}
        />
        <Button type="submit" pending={send.isPending} aria-label={t("channels.composer.send")}>
          <SendHorizontal size={18} aria-hidden="true" className="composer__send-icon" />
        </Button>
      </div>
      <p id={`${id}-hint`} className="composer__hint">
        {t("channels.composer.hint")}
      </p>
    </form>
  );
}
