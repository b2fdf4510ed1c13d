import type { RefObject } from "react";
import { useTranslate } from "../../../lib/i18n/use-translate";
import { EmojiPicker } from "../components/emoji-picker";

/** Puts `text` where the caret is in a message box (replacing a selection) and leaves the caret after it. */
export function insertAtCaret(input: HTMLTextAreaElement, text: string, setValue: (value: string) => void) {
  const start = input.selectionStart;
  const value = input.value.slice(0, start) + text + input.value.slice(input.selectionEnd);
  setValue(value);
  requestAnimationFrame(() => {
    input.focus();
    input.setSelectionRange(start + text.length, start + text.length);
  });
}

/** The message box's emoji button: the picker puts the emoji at the caret. */
export function ComposerEmojiButton({
  input,
  setValue,
}: {
  input: RefObject<HTMLTextAreaElement | null>;
  setValue: (value: string) => void;
}) {
  const t = useTranslate();
  return (
    <EmojiPicker
      label={t("channels.emojiPicker.open")}
      purpose="insert"
      onPick={(emoji) => input.current && insertAtCaret(input.current, emoji, setValue)}
    />
  );
}
