import Paperclip from "lucide-react/icons/paperclip";
import SendHorizontal from "lucide-react/icons/send-horizontal";
import {
  Suspense,
  useId,
  useRef,
  useState,
  type ClipboardEvent,
  type DragEvent,
  type FormEvent,
  type KeyboardEvent,
} from "react";
import { useIntl } from "react-intl";
import { Alert } from "../../../components/ui/alert";
import { Button } from "../../../components/ui/button";
import { useTranslate } from "../../../lib/i18n/use-translate";
import { useBucketLimits } from "../api/attachment-bucket";
import { useSendMessage } from "../api/send-message";
import { useComposerDraft } from "../hooks/use-composer-draft";
import { ComposerEmojiButton } from "../emoji-picker/composer-emoji-button";
import { useEmojiAutocomplete } from "../emoji-picker/use-emoji-autocomplete";
import { useMentionAutocomplete } from "../mentions/use-mention-autocomplete";
import { usePendingUploads } from "../hooks/use-pending-uploads";
import { useChat } from "./chat-context";
import { fileTypeLabels } from "./file-type-label";
import { formatBytes } from "./format-bytes";
import { applyFormat, FormattingToolbar } from "./formatting-toolbar";
import { LazyEmojiListbox, LazyMentionListbox, LazyPendingUploadList } from "./lazy-chat-parts";
import { MessageInput } from "./message-input";
import { shortcutCommand } from "./format-command";
import { UnsentFilesNote } from "./unsent-files-note";

type ComposerProps = {
  label: string;
  threadParentId?: string | null;
  /** ↑ in an empty box: start editing the caller's last message; `false` when there is none. */
  onEditLast: () => boolean;
};

/**
 * Multi-line message box: Enter sends, Shift+Enter adds a line (IME composition is never cut
 * short), ↑ when empty edits one's last message. Files come by picker, drag-and-drop or paste,
 * are checked against the bucket's limits (shown here) and upload before the message is sent.
 * What is typed is kept as a draft until it is sent (see `useComposerDraft`).
 */
export function Composer({ label, threadParentId = null, onEditLast }: ComposerProps) {
  const t = useTranslate();
  const intl = useIntl();
  const id = useId();
  const { channelId, workspaceId, me, people, notifyTyping } = useChat();
  const [dragging, setDragging] = useState(false);
  const input = useRef<HTMLTextAreaElement>(null);
  const picker = useRef<HTMLInputElement>(null);
  const send = useSendMessage(channelId, threadParentId);
  const limits = useBucketLimits();
  const uploads = usePendingUploads({ workspaceId, channelId }, limits.data);
  const uploading = uploads.items.some((item) => item.status === "uploading");
  const ready = uploads.items.flatMap((item) => (item.status === "done" && item.result ? [item.result] : []));
  const pendingNames = uploads.items.filter((item) => item.status !== "failed").map((item) => item.file.name);
  const { body, setBody, unsentFiles, forgetUnsentFiles } = useComposerDraft(
    me,
    { channelId, threadParentId },
    pendingNames,
  );
  const mention = useMentionAutocomplete({ workspaceId, me, body, setBody, input });
  const emoji = useEmojiAutocomplete({ me, body, setBody, input });

  function submit(event?: FormEvent) {
    event?.preventDefault();
    const text = body.trim();
    if ((!text && ready.length === 0) || uploading || send.isPending) return;
    send.mutate(
      { text, people: people ?? new Map(), files: ready },
      {
        onSuccess: () => {
          setBody("");
          uploads.clear();
          forgetUnsentFiles();
          notifyTyping(true);
        },
      },
    );
  }

  function onKeyDown(event: KeyboardEvent<HTMLTextAreaElement>) {
    if (event.nativeEvent.isComposing || mention.onKeyDown(event) || emoji.onKeyDown(event)) return;
    if (event.key === "ArrowUp" && body === "" && !event.shiftKey && !event.altKey) {
      if (onEditLast()) event.preventDefault();
      return;
    }
    const command = shortcutCommand(event);
    if (command) {
      event.preventDefault();
      applyFormat(event.currentTarget, command, setBody);
    }
  }

  function onPaste(event: ClipboardEvent<HTMLTextAreaElement>) {
    const files = [...event.clipboardData.files];
    if (files.length === 0) return;
    event.preventDefault();
    uploads.add(files);
  }

  function onDrop(event: DragEvent<HTMLFormElement>) {
    setDragging(false);
    if (event.dataTransfer.files.length === 0) return;
    event.preventDefault();
    uploads.add([...event.dataTransfer.files]);
  }

  const limitSummary = limits.data
    ? t("channels.attachments.limits", {
        size: limits.data.fileSizeLimit ? formatBytes(intl, limits.data.fileSizeLimit) : "∞",
      })
    : "";
  const allowedTypes = limits.data?.allowedMimeTypes
    ? intl.formatList(fileTypeLabels(limits.data.allowedMimeTypes), { type: "unit" })
    : "*";

  return (
    <form
      className={`composer${dragging ? " composer--dragging" : ""}`}
      onSubmit={submit}
      onDragOver={(event) => {
        if (!event.dataTransfer.types.includes("Files")) return;
        event.preventDefault();
        setDragging(true);
      }}
      onDragLeave={() => setDragging(false)}
      onDrop={onDrop}
    >
      {send.isError && (
        <Alert tone="error">
          <p>{t("channels.composer.sendFailed")}</p>
        </Alert>
      )}
      <UnsentFilesNote names={unsentFiles} onForget={forgetUnsentFiles} />
      {uploads.items.length > 0 && (
        <Suspense fallback={null}>
          <LazyPendingUploadList items={uploads.items} onRemove={uploads.remove} />
        </Suspense>
      )}
      <label htmlFor={id} className="visually-hidden">
        {label}
      </label>
      <div className="composer__tools">
        <FormattingToolbar input={input} setValue={setBody} />
        <ComposerEmojiButton input={input} setValue={setBody} />
        <button
          type="button"
          className="icon-button"
          aria-label={t("channels.attachments.attach")}
          title={t("channels.attachments.attach")}
          aria-describedby={`${id}-limits`}
          onClick={() => picker.current?.click()}
        >
          <Paperclip size={16} aria-hidden="true" />
        </button>
        <input
          ref={picker}
          type="file"
          multiple
          hidden
          accept={limits.data?.allowedMimeTypes?.join(",")}
          onChange={(event) => {
            uploads.add([...(event.target.files ?? [])]);
            event.target.value = "";
          }}
        />
      </div>
      <div className="composer__row">
        {mention.open && (
          <Suspense fallback={null}>
            <LazyMentionListbox
              id={mention.listboxId}
              options={mention.options}
              activeIndex={mention.activeIndex}
              optionId={mention.optionId}
              onChoose={mention.choose}
            />
          </Suspense>
        )}
        {emoji.open && (
          <Suspense fallback={null}>
            <LazyEmojiListbox
              id={emoji.listboxId}
              options={emoji.options}
              activeIndex={emoji.activeIndex}
              optionId={emoji.optionId}
              onChoose={emoji.choose}
            />
          </Suspense>
        )}
        <MessageInput
          ref={input}
          id={id}
          data-composer={threadParentId ? "thread" : "conversation"}
          value={body}
          placeholder={label}
          aria-describedby={`${id}-hint`}
          {...(emoji.open ? emoji.comboboxProps : mention.comboboxProps)}
          onChange={(event) => {
            setBody(event.target.value);
            const composing = event.nativeEvent instanceof InputEvent && event.nativeEvent.isComposing;
            mention.track(event.target, composing);
            emoji.track(event.target, composing);
            if (event.target.value) notifyTyping();
          }}
          onFocus={() => {
            mention.prepare();
            emoji.prepare();
          }}
          onCompositionEnd={(event) => {
            mention.track(event.currentTarget, false);
            emoji.track(event.currentTarget, false);
          }}
          onClick={(event) => {
            mention.track(event.currentTarget, false);
            emoji.track(event.currentTarget, false);
          }}
          onEnter={submit}
          onKeyDown={onKeyDown}
          onPaste={onPaste}
        />
        <Button type="submit" pending={send.isPending || uploading} aria-label={t("channels.composer.send")}>
          <SendHorizontal size={18} aria-hidden="true" className="composer__send-icon" />
        </Button>
      </div>
      <p id={`${id}-hint`} className="composer__hint">
        {t("channels.composer.hint")} {t("channels.composer.editHint")}
      </p>
      {limits.data && (
        <details className="composer__limits">
          <summary id={`${id}-limits`}>{limitSummary}</summary>
          <p>{t("channels.attachments.types", { types: allowedTypes })}</p>
        </details>
      )}
    </form>
  );
}
