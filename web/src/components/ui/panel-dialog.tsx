import { lazy, type ReactNode } from "react";
import type { PanelDialogBodyProps } from "./panel-dialog-body";
import { LazyDialogFrame } from "./lazy-dialog-frame";
import "./confirm-dialog.css";
import "./panel-dialog.css";

const PanelDialogBody = lazy(async () => ({ default: (await import("./panel-dialog-body")).PanelDialogBody }));

type PanelDialogProps = Omit<PanelDialogBodyProps, "onCloseAutoFocus"> & {
  /** The control that opens the dialog. */
  trigger: ReactNode;
  open: boolean;
};

/**
 * Shows something to read (a list, a card) over the page with a close button. Radix keeps focus
 * inside and Escape closes it; focus goes back to the trigger. The dialog itself (and Radix) loads
 * on first opening, not with the page.
 */
export function PanelDialog({ trigger, open, ...body }: PanelDialogProps) {
  return (
    <LazyDialogFrame trigger={trigger} open={open} onOpenChange={body.onOpenChange}>
      {(onCloseAutoFocus) => <PanelDialogBody {...body} onCloseAutoFocus={onCloseAutoFocus} />}
    </LazyDialogFrame>
  );
}
