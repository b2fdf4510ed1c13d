import { useId, type ComponentProps, type ReactNode } from "react";
import "./text-field.css";

type TextFieldProps = ComponentProps<"input"> & {
  label: string;
  /** Shown under the label; read with the field. */
  hint?: ReactNode;
  /** The field's error, already translated; marks the field invalid and is read with it. */
  error?: string;
  /** Extra content under the input (a strength meter, a link). */
  children?: ReactNode;
};

/**
 * A labelled input whose hint and error are tied to it with `aria-describedby`, so a screen
 * reader announces the error when focus lands on the field (react-hook-form focuses the first
 * invalid one). Pass react-hook-form's `register(…)` result straight in (React 19 refs are props).
 */
export function TextField({
  label,
  hint,
  error,
  children,
  id: givenId,
  className,
  "aria-describedby": callerDescribedBy,
  ...input
}: TextFieldProps) {
  const generatedId = useId();
  const id = givenId ?? generatedId;
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  // The caller's descriptions (a strength meter) join the field's own; they never replace the error.
  const describedBy =
    [hint ? hintId : undefined, error ? errorId : undefined, callerDescribedBy].filter(Boolean).join(" ") || undefined;
  return (
    <div className={["text-field", className].filter(Boolean).join(" ")}>
      <label htmlFor={id} className="text-field__label">
        {label}
      </label>
      {hint && (
        <p id={hintId} className="text-field__hint">
          {hint}
        </p>
      )}
      <input
        id={id}
        className="text-field__input"
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        {...input}
      />
      {error && (
        <p id={errorId} className="text-field__error">
          {error}
        </p>
      )}
      {children}
    </div>
  );
}
