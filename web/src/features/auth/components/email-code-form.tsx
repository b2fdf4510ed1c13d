import { z } from "../../../lib/zod-mini";
import { TextField } from "../../../components/ui/text-field";
import { AuthErrorAlert } from "../../../lib/auth/auth-error-alert";
import { emailCodeField } from "../../../lib/auth/auth-schemas";
import { useAuthProblem } from "../../../lib/auth/use-auth-problem";
import { errorMessageId, useSchemaForm } from "../../../lib/forms/use-schema-form";
import { useTranslate } from "../../../lib/i18n/use-translate";
import { verifyEmailCode } from "../api/verify-email-code";
import { SubmitButton } from "./submit-button";

const schema = z.object({ code: emailCodeField });

/** Signs in with the code from the email just sent; SIGNED_IN then moves the person on. */
export function EmailCodeForm({ email }: { email: string }) {
  const t = useTranslate();
  const form = useSchemaForm(schema, { code: "" });
  const { problem, alertRef, report } = useAuthProblem(form, { code: "code" });
  const { errors, isSubmitting } = form.formState;
  const codeError = errorMessageId(errors.code);

  const submit = form.handleSubmit(async ({ code }) => {
    try {
      await verifyEmailCode(email, code);
    } catch (error) {
      report(error);
    }
  });

  return (
    <form className="auth-form" noValidate onSubmit={(event) => void submit(event)}>
      {problem && <AuthErrorAlert ref={alertRef} problem={problem} />}
      <TextField
        label={t("auth.code.label")}
        hint={t("auth.code.hint")}
        inputMode="numeric"
        autoComplete="one-time-code"
        dir="ltr"
        error={codeError && t(codeError)}
        {...form.register("code")}
      />
      <SubmitButton pending={isSubmitting} pendingLabel={t("auth.code.submitting")}>
        {t("auth.code.submit")}
      </SubmitButton>
    </form>
  );
}
