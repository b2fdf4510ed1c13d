import SmilePlus from "lucide-react/icons/face-slightly-smiling-plus";
import { useEffect, useId, useRef, useState } from "react";
import { useTranslate } from "../../../lib/i18n/use-translate";
import { reactionEmoji } from "../api/reactions";

/**
 * A button that opens a small row of emoji; choosing one calls `onPick`. Esc or choosing closes it
 * and puts focus back on the button.
 */
export function EmojiPicker({ onPick, label }: { onPick: (emoji: string) => void; label: string }) {
  const t = useTranslate();
  const [open, setOpen] = useState(false);
  const id = useId();
  const button = useRef<HTMLButtonElement>(null);
  const group = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (open) group.current?.querySelector("button")?.focus();
  }, [open]);

  function close() {
    setOpen(false);
    button.current?.focus();
  }

  return (
    <span className="emoji-picker">
      <button
        ref={button}
        type="button"
        className="icon-button"
        aria-label={label}
        title={label}
        aria-expanded={open}
        aria-controls={open ? id : undefined}
        onClick={() => setOpen((value) => !value)}
      >
        <SmilePlus size={16} aria-hidden="true" />
      </button>
      {open && (
        <div
          ref={group}
          id={id}
          role="group"
          aria-label={t("channels.reactions.pickerLabel")}
          className="emoji-picker__choices"
          onKeyDown={(event) => {
            if (event.key === "Escape") {
              event.stopPropagation();
              close();
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
                close();
              }}
            >
              {emoji}
            </button>
          ))}
        </div>
      )}
    </span>
  );
}
