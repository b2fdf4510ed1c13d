import * as Dialog from "@radix-ui/react-dialog";
import type { ReactNode } from "react";
import { Button } from "./button";
import "./confirm-dialog.css";
import "./panel-dialog.css";

type PanelDialogProps = {
  /** The control that opens the dialog. */
  trigger: ReactNode;
  title: string;
  closeLabel: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  children: ReactNode;
};

/**
 * Shows something to read (a list, a card) over the page with a close button. Radix keeps focus
 * inside and returns it to the trigger; Escape closes it.
 */
export function PanelDialog({ trigger, title, closeLabel, open, onOpenChange, children }: PanelDialogProps) {
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Trigger asChild>{trigger}</Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className="confirm-dialog__overlay" />
        <Dialog.Content className="confirm-dialog panel-dialog" aria-describedby={undefined}>
          <Dialog.Title className="confirm-dialog__title">{title}</Dialog.Title>
          <div className="panel-dialog__body">{children}</div>
          <div className="confirm-dialog__actions">
            <Dialog.Close asChild>
              <Button variant="quiet">{closeLabel}</Button>
            </Dialog.Close>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
