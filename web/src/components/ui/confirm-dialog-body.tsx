import * as Dialog from "@radix-ui/react-dialog";
import type { ReactNode } from "react";
import { Button } from "./button";

export type ConfirmDialogBodyProps = {
  title: string;
  description: string;
  confirmLabel: string;
  cancelLabel: string;
  pending?: boolean;
  onOpenChange: (open: boolean) => void;
  onConfirm: () => void;
  /** Fields between the description and the buttons (a password); Enter in them confirms. */
  children?: ReactNode;
  /** Radix's `onCloseAutoFocus`: gives focus back to the control that opened the dialog. */
  onCloseAutoFocus: (event: Event) => void;
};

/** The open confirm dialog (see `ConfirmDialog`), loaded with Radix on first opening. */
export function ConfirmDialogBody({
  title,
  description,
  confirmLabel,
  cancelLabel,
  pending,
  onOpenChange,
  onConfirm,
  children,
  onCloseAutoFocus,
}: ConfirmDialogBodyProps) {
  return (
    <Dialog.Root open onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="confirm-dialog__overlay" />
        <Dialog.Content className="confirm-dialog" onCloseAutoFocus={onCloseAutoFocus}>
          <Dialog.Title className="confirm-dialog__title">{title}</Dialog.Title>
          <form
            className="confirm-dialog__body"
            noValidate
            onSubmit={(event) => {
              event.preventDefault();
              onConfirm();
            }}
          >
            <Dialog.Description>{description}</Dialog.Description>
            {children}
            <div className="confirm-dialog__actions">
              <Dialog.Close asChild>
                <Button variant="quiet">{cancelLabel}</Button>
              </Dialog.Close>
              <Button type="submit" variant="danger" pending={pending}>
                {confirmLabel}
              </Button>
            </div>
          </form>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
