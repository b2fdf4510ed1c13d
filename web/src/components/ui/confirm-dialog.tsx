import { lazy, Suspense, type ReactNode } from "react";
import type { ConfirmDialogBodyProps } from "./confirm-dialog-body";
import { DialogOpener } from "./dialog-opener";
import { useReturnFocus } from "./use-return-focus";
import "./confirm-dialog.css";

const ConfirmDialogBody = lazy(async () => ({ default: (await import("./confirm-dialog-body")).ConfirmDialogBody }));

type ConfirmDialogProps = Omit<ConfirmDialogBodyProps, "onCloseAutoFocus"> & {
  /** The control that opens the dialog. */
  trigger: ReactNode;
  open: boolean;
};

/**
 * Asks before a consequential action. Radix keeps focus inside and Escape closes it; focus goes
 * back to the trigger. The dialog itself (and Radix) loads on first opening, not with the page.
 */
export function ConfirmDialog({ trigger, open, ...body }: ConfirmDialogProps) {
  const { rememberOpener, returnFocus } = useReturnFocus(open);
  return (
    <>
      <DialogOpener
        trigger={trigger}
        open={open}
        onOpen={(opener) => {
          rememberOpener(opener);
          body.onOpenChange(true);
        }}
      />
      {open && (
        <Suspense fallback={null}>
          <ConfirmDialogBody {...body} onCloseAutoFocus={returnFocus} />
        </Suspense>
      )}
    </>
  );
}
