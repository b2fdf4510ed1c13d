import * as Dialog from "@radix-ui/react-dialog";
import type { ReactNode } from "react";
import { Button } from "./button";
import "./confirm-dialog.css";

type ConfirmDialogProps = {
  /** The control that opens the dialog. */
  trigger: ReactNode;
  title: string;
  description: string;
  confirmLabel: string;
  cancelLabel: string;
  pending?: boolean;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onConfirm: () => void;
  /** Fields between the description and the buttons (a password); Enter in them confirms. */
  children?: ReactNode;
};

/** Asks before a consequential action. Radix keeps focus inside and returns it to the trigger. */
export function ConfirmDialog({
  trigger,
  title,
  description,
  confirmLabel,
  cancelLabel,
  pending,
  open,
  onOpenChange,
  onConfirm,
  children,
}: ConfirmDialogProps) {
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Trigger asChild>{trigger}</Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className="confirm-dialog__overlay" />
        <Dialog.Content className="confirm-dialog">
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
