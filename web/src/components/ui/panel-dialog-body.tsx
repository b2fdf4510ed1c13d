import * as Dialog from "@radix-ui/react-dialog";
import type { ReactNode } from "react";
import { Button } from "./button";

export type PanelDialogBodyProps = {
  title: string;
  closeLabel: string;
  onOpenChange: (open: boolean) => void;
  children: ReactNode;
  /** Radix's `onCloseAutoFocus`: gives focus back to the control that opened the dialog. */
  onCloseAutoFocus: (event: Event) => void;
};

/** The open panel dialog (see `PanelDialog`), loaded with Radix on first opening. */
export function PanelDialogBody({ title, closeLabel, onOpenChange, children, onCloseAutoFocus }: PanelDialogBodyProps) {
  return (
    <Dialog.Root open onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="confirm-dialog__overlay" />
        <Dialog.Content
          className="confirm-dialog panel-dialog"
          aria-describedby={undefined}
          onCloseAutoFocus={onCloseAutoFocus}
        >
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
