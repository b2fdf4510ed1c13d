import { useEffect, useState } from "react";
import { z } from "../../../lib/zod-mini";
import { Alert } from "../../../components/ui/alert";
import { Button } from "../../../components/ui/button";
import { NewPasswordField } from "../../../components/ui/new-password-field";
import { TextField } from "../../../components/ui/text-field";
import { AuthErrorAlert } from "../../../lib/auth/auth-error-alert";
import { describeAuthError } from "../../../lib/auth/auth-errors";
import { newPasswordField } from "../../../lib/auth/auth-schemas";
import { useAuthProblem } from "../../../lib/auth/use-auth-problem";
import { errorMessageId, useSchemaForm } from "../../../lib/forms/use-schema-form";
import { useTranslate } from "../../../lib/i18n/use-translate";
import { changePassword } from "../api/change-password";
import { sendReauthenticationCode } from "../api/send-reauthentication-code";

const schema = z.object({
  password: newPasswordField,
  code: z.string().check(z.trim(), z.regex(/^(\d{6,10})?$/, "validation.codeInvalid")),
});

/**
 * A new password, checked against the backend's rules. When the backend wants proof it is really
 * the person (`reauthentication_needed`), it emails a code and the form asks for it.
 */
export function PasswordForm() {
  const t = useTranslate();
  const form = useSchemaForm(schema, { password: "", code: "" });
  const { problem, alertRef, report, clear } = useAuthProblem(form, { newPassword: "password", code: "code" });
  const [needsCode, setNeedsCode] = useState(false);
  const [done, setDone] = useState(false);
  const { errors, isSubmitting } = form.formState;
  const passwordError = errorMessageId(errors.password);
  const codeError = errorMessageId(errors.code);

  const submit = form.handleSubmit(async ({ password, code }) => {
    setDone(false);
    try {
      if (needsCode && code === "") {
        form.setError("code", { message: "validation.codeInvalid" }, { shouldFocus: true });
        return;
      }
      await changePassword(password, needsCode ? code : undefined);
      setNeedsCode(false);
      setDone(true);
      form.reset();
    } catch (error) {
      // The backend wants the emailed code: send it and ask for it, rather than show an error.
      if (describeAuthError(error).nextStep !== "reauthenticate") {
        report(error);
        return;
      }
      try {
        await sendReauthenticationCode();
        clear();
        setNeedsCode(true);
      } catch (sendError) {
        report(sendError);
      }
    }
  });

  // Once the code field exists (not before: it mounts with this render), it takes focus, so a
  // screen reader reads its label and the hint that a code was emailed.
  useEffect(() => {
    if (needsCode) form.setFocus("code");
  }, [needsCode, form]);

  return (
    <form className="account-form" noValidate onSubmit={(event) => void submit(event)}>
      {done && (
        <Alert tone="success">
          <p>{t("account.password.changed")}</p>
        </Alert>
      )}
      {problem && <AuthErrorAlert ref={alertRef} problem={problem} onRetry={() => void submit()} />}
      <NewPasswordField
        label={t("auth.field.newPassword")}
        error={passwordError && t(passwordError)}
        password={form.watch("password")}
        {...form.register("password")}
      />
      {needsCode && (
        <TextField
          label={t("account.password.codeLabel")}
          hint={t("account.password.codeHint")}
          inputMode="numeric"
          autoComplete="one-time-code"
          dir="ltr"
          error={codeError && t(codeError)}
          {...form.register("code")}
        />
      )}
      <div className="account-actions">
        <Button type="submit" pending={isSubmitting}>
          {isSubmitting ? t("account.saving") : t("account.password.submit")}
        </Button>
      </div>
    </form>
  );
}
