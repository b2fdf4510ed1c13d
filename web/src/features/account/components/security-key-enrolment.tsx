import { useQueryClient } from "@tanstack/react-query";
import { z } from "../../../lib/zod-mini";
import { TextField } from "../../../components/ui/text-field";
import { AuthErrorAlert } from "../../../lib/auth/auth-error-alert";
import type { AuthErrorDescription } from "../../../lib/auth/auth-errors";
import { authQueryKeys } from "../../../lib/auth/auth-query-keys";
import { useAuthProblem } from "../../../lib/auth/use-auth-problem";
import { errorMessageId, useSchemaForm } from "../../../lib/forms/use-schema-form";
import { useTranslate } from "../../../lib/i18n/use-translate";
import { enrollSecurityKey } from "../api/enroll-factor";
import { EnrolmentForm } from "./enrolment-form";
import { EnrolmentShell } from "./enrolment-shell";
import { factorNameField } from "./factor-name-field";

const nameSchema = z.object({ name: factorNameField });

type SecurityKeyEnrolmentProps = {
  onDone: (outcome: "added" | "cancelled") => void;
  /** The backend refused WebAuthn factors altogether (`mfa_webauthn_enroll_not_enabled`). */
  onUnavailable: (problem: AuthErrorDescription) => void;
};

/**
 * Adds a security key as a second factor: a name, then the browser asks the person to touch (or
 * unlock) their key, and the new factor is verified at once. A cancelled or failed ceremony leaves
 * nothing behind and says what happened. Offered only where the browser has WebAuthn.
 */
export function SecurityKeyEnrolment({ onDone, onUnavailable }: SecurityKeyEnrolmentProps) {
  const t = useTranslate();
  const queryClient = useQueryClient();
  const form = useSchemaForm(nameSchema, { name: t("mfa.kind.securityKey") });
  const { problem, alertRef, report } = useAuthProblem(form, { name: "name" });

  const register = form.handleSubmit(async ({ name }) => {
    try {
      await enrollSecurityKey(name);
      await queryClient.invalidateQueries({ queryKey: authQueryKeys.factors() });
      onDone("added");
    } catch (error) {
      const described = report(error);
      if (described.messageId === "mfa.error.methodOff") onUnavailable(described);
    }
  });

  const nameError = errorMessageId(form.formState.errors.name);
  const submitting = form.formState.isSubmitting;

  return (
    <EnrolmentShell title={t("mfa.enrol.securityKeyTitle")} step={null}>
      <EnrolmentForm
        onSubmit={(event) => void register(event)}
        submitting={submitting}
        submitLabel={submitting ? t("mfa.securityKey.waiting") : t("mfa.enrol.useSecurityKey")}
        onCancel={() => onDone("cancelled")}
      >
        <p>{t("mfa.enrol.securityKeyLead")}</p>
        {problem && <AuthErrorAlert ref={alertRef} problem={problem} onRetry={() => void register()} />}
        <TextField
          label={t("mfa.enrol.name")}
          hint={t("mfa.enrol.nameHint")}
          error={nameError && t(nameError)}
          {...form.register("name")}
        />
      </EnrolmentForm>
    </EnrolmentShell>
  );
}
