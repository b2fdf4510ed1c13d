import { useState } from "react";
import { z } from "../../../lib/zod-mini";
import { Alert } from "../../../components/ui/alert";
import { NewPasswordField } from "../../../components/ui/new-password-field";
import { AuthErrorAlert } from "../../../lib/auth/auth-error-alert";
import { authPaths } from "../../../lib/auth/auth-paths";
import { newPasswordField } from "../../../lib/auth/auth-schemas";
import { useAuthProblem } from "../../../lib/auth/use-auth-problem";
import { errorMessageId, useSchemaForm } from "../../../lib/forms/use-schema-form";
import { LocaleLink } from "../../../lib/i18n/locale-link";
import { useTranslate } from "../../../lib/i18n/use-translate";
import { setNewPassword } from "../api/set-new-password";
import { AuthCard } from "../components/auth-card";
import { SubmitButton } from "../components/submit-button";

const schema = z.object({ password: newPasswordField });

/** `/:locale/reset-password` — where PASSWORD_RECOVERY lands: choose a new password. */
export function ResetPasswordPage() {
  const t = useTranslate();
  const form = useSchemaForm(schema, { password: "" });
  const { problem, alertRef, report } = useAuthProblem(form, { newPassword: "password" });
  const [done, setDone] = useState(false);
  const { errors, isSubmitting } = form.formState;
  const passwordError = errorMessageId(errors.password);

  const submit = form.handleSubmit(async ({ password }) => {
    try {
      await setNewPassword(password);
      setDone(true);
    } catch (error) {
      report(error);
    }
  });

  return (
    <AuthCard title={t("auth.reset.title")} lead={done ? undefined : t("auth.reset.lead")}>
      {done ? (
        <Alert tone="success" actions={<LocaleLink to="/">{t("auth.reset.continue")}</LocaleLink>}>
          <p>{t("auth.reset.done")}</p>
        </Alert>
      ) : (
        <form className="auth-form" noValidate onSubmit={(event) => void submit(event)}>
          {problem && (
            <AuthErrorAlert
              ref={alertRef}
              problem={problem}
              newLinkPath={authPaths.forgotPassword}
              onRetry={() => void submit()}
            />
          )}
          <NewPasswordField
            label={t("auth.field.newPassword")}
            error={passwordError && t(passwordError)}
            password={form.watch("password")}
            {...form.register("password")}
          />
          <SubmitButton pending={isSubmitting} pendingLabel={t("auth.reset.submitting")}>
            {t("auth.reset.submit")}
          </SubmitButton>
        </form>
      )}
    </AuthCard>
  );
}
