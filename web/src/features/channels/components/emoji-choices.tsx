import { useEffect, useRef } from "react";
import { useTranslate } from "../../../lib/i18n/use-translate";
import { reactionEmoji } from "../api/reactions";

type EmojiChoicesProps = {
  id: string;
  onPick: (emoji: string) => void;
  /** Esc or a choice: the picker closes and puts focus back on its button. */
  onClose: () => void;
};

/** The emoji picker's row of choices; it takes focus as it shows (it loads on the picker's first opening). */
export function EmojiChoices({ id, onPick, onClose }: EmojiChoicesProps) {
  const t = useTranslate();
  const group = useRef<HTMLDivElement>(null);

  useEffect(() => {
    group.current?.querySelector("button")?.focus();
  }, []);

  return (
    <div
      ref={group}
      id={id}
      role="group"
      aria-label={t("channels.reactions.pickerLabel")}
      className="emoji-picker__choices"
      onKeyDown={(event) => {
        if (event.key === "Escape") {
          event.stopPropagation();
          onClose();
        }
      }}
    >
      {reactionEmoji.map((emoji) => (
        <button
          key={emoji}
          type="button"
          className="emoji-picker__choice"
          aria-label={t("channels.reactions.add", { emoji })}
          onClick={() => {
            onPick(emoji);
            onClose();
          }}
        >
          {emoji}
        </button>
      ))}
    </div>
  );
}
