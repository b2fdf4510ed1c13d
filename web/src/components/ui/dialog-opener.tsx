import { cloneElement, isValidElement, type MouseEvent, type ReactElement, type ReactNode } from "react";

type OpenerProps = {
  onClick?: (event: MouseEvent<HTMLElement>) => void;
  "aria-haspopup"?: "dialog";
  "aria-expanded"?: boolean;
  "data-state"?: "open" | "closed";
};

type DialogOpenerProps = {
  /** The control that opens the dialog (a button element). */
  trigger: ReactNode;
  open: boolean;
  /** Called on a click that was not prevented, with the control, to give focus back to on close. */
  onOpen: (opener: HTMLElement) => void;
};

/**
 * The control of a dialog whose body loads on first opening, with what Radix's `Dialog.Trigger`
 * gives its child: `aria-haspopup="dialog"`, `aria-expanded`, `data-state`, and a click (after the
 * control's own, unless that one prevented it) that opens the dialog. The control stays mounted
 * while the dialog is open, so focus can return to it.
 */
export function DialogOpener({ trigger, open, onOpen }: DialogOpenerProps) {
  if (!isValidElement<OpenerProps>(trigger)) return trigger;
  const element: ReactElement<OpenerProps> = trigger;
  return cloneElement(element, {
    "aria-haspopup": "dialog",
    "aria-expanded": open,
    "data-state": open ? "open" : "closed",
    onClick: (event: MouseEvent<HTMLElement>) => {
      element.props.onClick?.(event);
      if (!event.defaultPrevented) onOpen(event.currentTarget);
    },
  });
}
