import type { CSSProperties } from "react";
import { useTranslate } from "../../../lib/i18n/use-translate";
import { EmojiPickerPanel } from "../emoji-picker/emoji-picker-panel";
import { useChat } from "./chat-context";

type EmojiChoicesProps = {
  id: string;
  purpose: "reaction" | "insert";
  placement: CSSProperties;
  onPick: (emoji: string) => void;
  /** Esc or a choice: the picker closes and puts focus back on its button. */
  onClose: () => void;
};

/** The emoji picker's panel, for a reaction or the message box (every emoji, see `EmojiPickerPanel`); it loads on the picker's first opening. */
export function EmojiChoices({ id, purpose, placement, onPick, onClose }: EmojiChoicesProps) {
  const t = useTranslate();
  const chat = useChat();
  return (
    <EmojiPickerPanel
      id={id}
      placement={placement}
      label={t(purpose === "reaction" ? "channels.reactions.pickerLabel" : "channels.emojiPicker.label")}
      choiceLabel={(emoji) =>
        t(purpose === "reaction" ? "channels.reactions.add" : "channels.emojiPicker.insert", { emoji })
      }
      userId={chat.me}
      onPick={onPick}
      onClose={onClose}
    />
  );
}
