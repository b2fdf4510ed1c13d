import { z } from "../../../lib/zod-mini";
import { TextField } from "../../../components/ui/text-field";
import { AuthErrorAlert } from "../../../lib/auth/auth-error-alert";
import { authRedirectUrl } from "../../../lib/auth/auth-redirect-url";
import { emailField } from "../../../lib/auth/auth-schemas";
import { useAuthProblem } from "../../../lib/auth/use-auth-problem";
import { errorMessageId, useSchemaForm } from "../../../lib/forms/use-schema-form";
import { useLocale } from "../../../lib/i18n/locale-context";
import { useTranslate } from "../../../lib/i18n/use-translate";
import { signInWithSso } from "../api/sign-in-with-sso";
import { SubmitButton } from "./submit-button";

const schema = z.object({ email: emailField });

/** Single sign-on: a work email's domain picks the organization's identity provider. */
export function SsoSignInForm({ next }: { next: string }) {
  const t = useTranslate();
  const locale = useLocale();
  const form = useSchemaForm(schema, { email: "" });
  const { problem, alertRef, report } = useAuthProblem(form, { email: "email" });
  const { errors, isSubmitting, isSubmitSuccessful } = form.formState;
  const emailError = errorMessageId(errors.email);

  const submit = form.handleSubmit(async ({ email }) => {
    try {
      await signInWithSso(email, authRedirectUrl(locale, next));
    } catch (error) {
      report(error);
    }
  });

  const leaving = isSubmitting || (isSubmitSuccessful && !problem && !emailError);
  return (
    <form className="auth-form" noValidate onSubmit={(event) => void submit(event)}>
      {problem && <AuthErrorAlert ref={alertRef} problem={problem} onRetry={() => void submit()} />}
      <p className="auth-card__lead">{t("sso.lead")}</p>
      <TextField
        label={t("sso.email")}
        type="email"
        autoComplete="email"
        dir="ltr"
        error={emailError && t(emailError)}
        {...form.register("email")}
      />
      <SubmitButton pending={leaving} pendingLabel={t("sso.submitting")}>
        {t("sso.submit")}
      </SubmitButton>
    </form>
  );
}
