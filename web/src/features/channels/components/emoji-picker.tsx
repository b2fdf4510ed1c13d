import SmilePlus from "lucide-react/icons/face-slightly-smiling-plus";
import { Suspense, useId, useRef, useState } from "react";
import { LazyEmojiChoices, preloadEmojiChoices } from "./lazy-chat-parts";

/**
 * A button that opens a small row of emoji; choosing one calls `onPick`. Esc or choosing closes it
 * and puts focus back on the button. The row's code loads on the button's first focus, hover or
 * click; the row takes focus when it shows.
 */
export function EmojiPicker({ onPick, label }: { onPick: (emoji: string) => void; label: string }) {
  const [open, setOpen] = useState(false);
  const id = useId();
  const button = useRef<HTMLButtonElement>(null);

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
        onFocus={preloadEmojiChoices}
        onPointerEnter={preloadEmojiChoices}
        onClick={() => setOpen((value) => !value)}
      >
        <SmilePlus size={16} aria-hidden="true" />
      </button>
      {open && (
        <Suspense fallback={null}>
          <LazyEmojiChoices id={id} onPick={onPick} onClose={close} />
        </Suspense>
      )}
    </span>
  );
}
