import { useState } from "react";
import { z } from "../../../lib/zod-mini";
import { TextField } from "../../../components/ui/text-field";
import { AuthErrorAlert } from "../../../lib/auth/auth-error-alert";
import { authPaths } from "../../../lib/auth/auth-paths";
import { authRedirectUrl } from "../../../lib/auth/auth-redirect-url";
import { emailField } from "../../../lib/auth/auth-schemas";
import { useAuthProblem } from "../../../lib/auth/use-auth-problem";
import { errorMessageId, useSchemaForm } from "../../../lib/forms/use-schema-form";
import { useLocale } from "../../../lib/i18n/locale-context";
import { LocaleLink } from "../../../lib/i18n/locale-link";
import { useTranslate } from "../../../lib/i18n/use-translate";
import { requestPasswordReset } from "../api/request-password-reset";
import { AuthCard } from "../components/auth-card";
import { CheckEmailPanel } from "../components/check-email-panel";
import { SubmitButton } from "../components/submit-button";

const schema = z.object({ email: emailField });

/** `/:locale/forgot-password` — emails a reset link that opens the new-password screen. */
export function ForgotPasswordPage() {
  const t = useTranslate();
  const locale = useLocale();
  const form = useSchemaForm(schema, { email: "" });
  const { problem, alertRef, report } = useAuthProblem(form, { email: "email" });
  const [sentTo, setSentTo] = useState<string | null>(null);
  const { errors, isSubmitting } = form.formState;
  const emailError = errorMessageId(errors.email);
  const redirectTo = authRedirectUrl(locale, authPaths.resetPassword);

  const submit = form.handleSubmit(async ({ email }) => {
    try {
      await requestPasswordReset(email, redirectTo);
      setSentTo(email);
    } catch (error) {
      report(error);
    }
  });

  return (
    <AuthCard
      title={t("auth.forgot.title")}
      lead={sentTo ? undefined : t("auth.forgot.lead")}
      footer={<LocaleLink to={authPaths.signIn}>{t("auth.forgot.backToSignIn")}</LocaleLink>}
    >
      {sentTo ? (
        <CheckEmailPanel email={sentTo} ifAccountExists onResend={() => requestPasswordReset(sentTo, redirectTo)} />
      ) : (
        <form className="auth-form" noValidate onSubmit={(event) => void submit(event)}>
          {problem && <AuthErrorAlert ref={alertRef} problem={problem} onRetry={() => void submit()} />}
          <TextField
            label={t("auth.field.email")}
            type="email"
            autoComplete="email"
            dir="ltr"
            error={emailError && t(emailError)}
            {...form.register("email")}
          />
          <SubmitButton pending={isSubmitting} pendingLabel={t("auth.signIn.sending")}>
            {t("auth.forgot.submit")}
          </SubmitButton>
        </form>
      )}
    </AuthCard>
  );
}
