import type { ComponentProps, KeyboardEvent } from "react";

type MessageInputProps = Omit<ComponentProps<"textarea">, "className" | "rows" | "dir"> & {
  /** Enter without Shift: send or save. */
  onEnter: () => void;
};

/**
 * The multi-line box of the composer and of the inline editor: Enter calls `onEnter`, Shift+Enter
 * adds a line, and an Enter that ends an IME composition is left to the IME. Other keys go to
 * `onKeyDown`.
 */
export function MessageInput({ onEnter, onKeyDown, ...props }: MessageInputProps) {
  function handleKeyDown(event: KeyboardEvent<HTMLTextAreaElement>) {
    onKeyDown?.(event);
    if (event.defaultPrevented) return;
    if (event.key === "Enter" && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      onEnter();
    }
  }
  return <textarea {...props} className="composer__input" rows={2} dir="auto" onKeyDown={handleKeyDown} />;
}
