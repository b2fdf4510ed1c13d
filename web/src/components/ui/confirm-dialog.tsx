import { lazy, type ReactNode } from "react";
import type { ConfirmDialogBodyProps } from "./confirm-dialog-body";
import { LazyDialogFrame } from "./lazy-dialog-frame";
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
  return (
    <LazyDialogFrame trigger={trigger} open={open} onOpenChange={body.onOpenChange}>
      {(onCloseAutoFocus) => <ConfirmDialogBody {...body} onCloseAutoFocus={onCloseAutoFocus} />}
    </LazyDialogFrame>
  );
}
