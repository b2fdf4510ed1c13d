import { Suspense, type ReactNode } from "react";
import { DialogOpener } from "./dialog-opener";
import { useReturnFocus } from "./use-return-focus";

interface LazyDialogFrameProps {
  /** The control that opens the dialog. */
  trigger: ReactNode;
  open: boolean;
  onOpenChange(open: boolean): void;
  /** The lazily loaded body, given Radix's `onCloseAutoFocus` that returns focus to the opener. */
  children(onCloseAutoFocus: (event: Event) => void): ReactNode;
}

/**
 * What every dialog whose body (and Radix) loads on first opening shares: the trigger with the ARIA
 * attributes Radix would give it, the body only while open, and focus back to the opener on close.
 * @example <LazyDialogFrame trigger={button} open={open} onOpenChange={setOpen}>{(onCloseAutoFocus) => <Body …/>}</LazyDialogFrame>
 */
export function LazyDialogFrame({ trigger, open, onOpenChange, children }: LazyDialogFrameProps) {
  const { rememberOpener, returnFocus } = useReturnFocus(open);
  return (
    <>
      <DialogOpener
        trigger={trigger}
        open={open}
        onOpen={(opener) => {
          rememberOpener(opener);
          onOpenChange(true);
        }}
      />
      {open && <Suspense fallback={null}>{children(returnFocus)}</Suspense>}
    </>
  );
}
