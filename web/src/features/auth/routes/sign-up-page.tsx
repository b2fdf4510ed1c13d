import { useState } from "react";
import { useLocation } from "react-router";
import { z } from "../../../lib/zod-mini";
import { NewPasswordField } from "../../../components/ui/new-password-field";
import { TextField } from "../../../components/ui/text-field";
import { AuthErrorAlert } from "../../../lib/auth/auth-error-alert";
import { authPaths } from "../../../lib/auth/auth-paths";
import { authRedirectUrl } from "../../../lib/auth/auth-redirect-url";
import { emailField, newPasswordField } from "../../../lib/auth/auth-schemas";
import { safeReturnPath } from "../../../lib/auth/return-path";
import { useAuthProblem } from "../../../lib/auth/use-auth-problem";
import { errorMessageId, useSchemaForm } from "../../../lib/forms/use-schema-form";
import { useLocale } from "../../../lib/i18n/locale-context";
import { LocaleLink } from "../../../lib/i18n/locale-link";
import { useTranslate } from "../../../lib/i18n/use-translate";
import { resendConfirmation } from "../api/resend-confirmation";
import { signUp } from "../api/sign-up";
import { AuthCard } from "../components/auth-card";
import { CheckEmailPanel } from "../components/check-email-panel";
import { SubmitButton } from "../components/submit-button";

const schema = z.object({
  displayName: z
    .string()
    .check(z.trim(), z.minLength(1, "validation.nameRequired"), z.maxLength(80, "validation.nameTooLong")),
  email: emailField,
  password: newPasswordField,
});

/** `/:locale/sign-up` — name, email and a password checked against the backend's rules. */
export function SignUpPage() {
  const t = useTranslate();
  const locale = useLocale();
  const { search } = useLocation();
  const next = safeReturnPath(search);
  const form = useSchemaForm(schema, { displayName: "", email: "", password: "" });
  const { problem, alertRef, report } = useAuthProblem(form, { email: "email", newPassword: "password" });
  const [sentTo, setSentTo] = useState<string | null>(null);
  const { errors, isSubmitting } = form.formState;
  const nameError = errorMessageId(errors.displayName);
  const emailError = errorMessageId(errors.email);
  const passwordError = errorMessageId(errors.password);
  const password = form.watch("password");

  const submit = form.handleSubmit(async (values) => {
    try {
      const needsConfirmation = await signUp({ ...values, locale, redirectTo: authRedirectUrl(locale, next) });
      if (needsConfirmation) setSentTo(values.email);
    } catch (error) {
      report(error);
    }
  });

  if (sentTo) {
    return (
      <AuthCard title={t("auth.checkEmail.title")} lead={t("auth.signUp.confirmLead")}>
        <CheckEmailPanel email={sentTo} onResend={() => resendConfirmation(sentTo, authRedirectUrl(locale, next))} />
      </AuthCard>
    );
  }

  return (
    <AuthCard
      title={t("auth.signUp.title")}
      footer={
        <p>
          {t("auth.signUp.haveAccount")}{" "}
          <LocaleLink to={{ pathname: authPaths.signIn, search }}>{t("auth.signUp.signInLink")}</LocaleLink>
        </p>
      }
    >
      <form className="auth-form" noValidate onSubmit={(event) => void submit(event)}>
        {problem && <AuthErrorAlert ref={alertRef} problem={problem} onRetry={() => void submit()} />}
        <TextField
          label={t("auth.field.displayName")}
          autoComplete="name"
          error={nameError && t(nameError)}
          {...form.register("displayName")}
        />
        <TextField
          label={t("auth.field.email")}
          type="email"
          autoComplete="email"
          dir="ltr"
          error={emailError && t(emailError)}
          {...form.register("email")}
        />
        <NewPasswordField
          label={t("auth.field.newPassword")}
          error={passwordError && t(passwordError)}
          password={password}
          {...form.register("password")}
        />
        <SubmitButton pending={isSubmitting} pendingLabel={t("auth.signUp.submitting")}>
          {t("auth.signUp.submit")}
        </SubmitButton>
      </form>
    </AuthCard>
  );
}
