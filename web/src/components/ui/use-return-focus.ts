import { useLayoutEffect, useRef } from "react";

/**
 * What a dialog with a lazily loaded body needs to give focus back: the control that opened it
 * (or, when it was opened another way, whatever had focus as it opened), focused again once it
 * closes — what Radix does for a dialog with a `Dialog.Trigger`.
 *
 * @example const { rememberOpener, returnFocus } = useReturnFocus(open);
 */
export function useReturnFocus(open: boolean) {
  const opener = useRef<HTMLElement | null>(null);
  useLayoutEffect(() => {
    if (open && opener.current === null && document.activeElement instanceof HTMLElement)
      opener.current = document.activeElement;
  }, [open]);
  return {
    rememberOpener(element: HTMLElement) {
      opener.current = element;
    },
    /** For Radix's `onCloseAutoFocus`: focus the opener instead of the (absent) Radix trigger. */
    returnFocus(event: Event) {
      event.preventDefault();
      const target = opener.current ?? null;
      opener.current = null;
      target?.focus();
    },
  };
}
