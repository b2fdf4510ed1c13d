import { lazy, Suspense, type ReactNode } from "react";
import { DialogOpener } from "./dialog-opener";
import type { PanelDialogBodyProps } from "./panel-dialog-body";
import { useReturnFocus } from "./use-return-focus";
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
          <PanelDialogBody {...body} onCloseAutoFocus={returnFocus} />
        </Suspense>
      )}
    </>
  );
}
