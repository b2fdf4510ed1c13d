import SmilePlus from "lucide-react/icons/face-slightly-smiling-plus";
import { type CSSProperties, Suspense, useId, useRef, useState } from "react";
import { createPortal } from "react-dom";
import { placeEmojiPanel } from "../emoji-picker/place-emoji-panel";
import { LazyEmojiChoices, preloadEmojiChoices } from "./lazy-chat-parts";

type EmojiPickerProps = {
  onPick: (emoji: string) => void;
  label: string;
  /** A reaction ("React with 🎉") or text for the message box ("Insert 🎉"). */
  purpose?: "reaction" | "insert";
};

/** The panel's size in CSS pixels (`.emoji-picker__panel`: 21rem by 22rem). */
const panelSize = { inline: 336, block: 352 };

/**
 * A button that opens the emoji picker; choosing one calls `onPick`. Esc or choosing closes it
 * and puts focus back on the button. The picker's code loads on the button's first focus, hover or
 * click (its data when it opens); its search box takes focus when it shows.
 */
export function EmojiPicker({ onPick, label, purpose = "reaction" }: EmojiPickerProps) {
  const [placement, setPlacement] = useState<CSSProperties | null>(null);
  const open = placement !== null;
  const id = useId();
  const button = useRef<HTMLButtonElement>(null);

  function close() {
    setPlacement(null);
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
        onClick={(event) => setPlacement(open ? null : placeEmojiPanel(event.currentTarget, panelSize))}
      >
        <SmilePlus size={16} aria-hidden="true" />
      </button>
      {/* In the body, not in the conversation's scrolling box: focusing or scrolling to the panel
          there scrolled the conversation, and the virtual list unmounted the message under it. */}
      {open &&
        createPortal(
          <Suspense fallback={null}>
            <LazyEmojiChoices id={id} purpose={purpose} placement={placement} onPick={onPick} onClose={close} />
          </Suspense>,
          document.body,
        )}
    </span>
  );
}
