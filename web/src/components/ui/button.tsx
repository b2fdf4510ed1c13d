import type { ComponentProps } from "react";
import "./button.css";

type ButtonProps = ComponentProps<"button"> & {
  variant?: "primary" | "quiet" | "link" | "danger";
  /** Keeps the button focusable while its action runs, and tells assistive technology it is busy. */
  pending?: boolean;
};

/** The design system's button: real `<button>`, visible focus, AA contrast in both themes. */
export function Button({
  variant = "primary",
  pending = false,
  className,
  type = "button",
  onClick,
  ...props
}: ButtonProps) {
  return (
    <button
      type={type}
      className={["button", `button--${variant}`, className].filter(Boolean).join(" ")}
      aria-disabled={pending || undefined}
      aria-busy={pending || undefined}
      // While pending, a click (or Enter in a form, which clicks the submit button) does nothing.
      onClick={pending ? (event) => event.preventDefault() : onClick}
      {...props}
    />
  );
}
