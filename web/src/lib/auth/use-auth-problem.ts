import { useCallback, useEffect, useRef, useState } from "react";
import type { FieldValues, Path, UseFormReturn } from "react-hook-form";
import type { MessageId } from "../i18n/messages";
import { describeAuthError, type AuthErrorDescription, type AuthErrorField } from "./auth-errors";

/**
 * Shows an auth error where it belongs: beside its field when the form has that field (which
 * then takes focus, so its error is read), otherwise in an alert that takes focus.
 *
 * @example const { problem, alertRef, report } = useAuthProblem(form, { password: "password" });
 */
export function useAuthProblem<T extends FieldValues>(
  form?: UseFormReturn<T, unknown, T>,
  fields: Partial<Record<AuthErrorField, Path<T>>> = {},
) {
  const [problem, setProblem] = useState<AuthErrorDescription | null>(null);
  const alertRef = useRef<HTMLDivElement>(null);
  const fieldsRef = useRef(fields);

  useEffect(() => {
    if (problem) alertRef.current?.focus();
  }, [problem]);

  const report = useCallback(
    (error: unknown) => {
      const described = describeAuthError(error);
      const field = described.field ? fieldsRef.current[described.field] : undefined;
      if (form && field && !described.details?.length && described.nextStep === "fixInput") {
        setProblem(null);
        form.setError(
          field,
          { type: "server", message: described.messageId satisfies MessageId },
          { shouldFocus: true },
        );
        return described;
      }
      setProblem(described);
      return described;
    },
    [form],
  );

  return { problem, alertRef, report, clear: () => setProblem(null) };
}
