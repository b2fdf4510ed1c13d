import type { User } from "@supabase/supabase-js";
import { useState } from "react";
import { FormattedMessage } from "react-intl";
import { z } from "../../../lib/zod-mini";
import { Alert } from "../../../components/ui/alert";
import { Button } from "../../../components/ui/button";
import { TextField } from "../../../components/ui/text-field";
import { AuthErrorAlert } from "../../../lib/auth/auth-error-alert";
import { authRedirectUrl } from "../../../lib/auth/auth-redirect-url";
import { emailField } from "../../../lib/auth/auth-schemas";
import { useAuthProblem } from "../../../lib/auth/use-auth-problem";
import { errorMessageId, useSchemaForm } from "../../../lib/forms/use-schema-form";
import { useLocale } from "../../../lib/i18n/locale-context";
import { useTranslate } from "../../../lib/i18n/use-translate";
import { changeEmail } from "../api/change-email";

const schema = z.object({ email: emailField });

/** The current email, a pending change (until confirmed by email) and the form to change it. */
export function EmailForm({ user }: { user: User }) {
  const t = useTranslate();
  const locale = useLocale();
  const form = useSchemaForm(schema, { email: "" });
  const { problem, alertRef, report } = useAuthProblem(form, { email: "email" });
  const [requested, setRequested] = useState<string | null>(null);
  const { errors, isSubmitting } = form.formState;
  const emailError = errorMessageId(errors.email);
  const pending = user.new_email ?? requested;

  const submit = form.handleSubmit(async ({ email }) => {
    try {
      await changeEmail(email, authRedirectUrl(locale, "/account/security"));
      setRequested(email);
      form.reset();
    } catch (error) {
      report(error);
    }
  });

  return (
    <form className="account-form" noValidate onSubmit={(event) => void submit(event)}>
      <p>
        <FormattedMessage id="account.email.current" values={{ email: <bdi dir="ltr">{user.email}</bdi> }} />
      </p>
      {pending && (
        <Alert tone="info">
          <p>
            <FormattedMessage id="account.email.pending" values={{ email: <bdi dir="ltr">{pending}</bdi> }} />
          </p>
        </Alert>
      )}
      {problem && <AuthErrorAlert ref={alertRef} problem={problem} onRetry={() => void submit()} />}
      <TextField
        label={t("account.email.new")}
        type="email"
        autoComplete="email"
        dir="ltr"
        error={emailError && t(emailError)}
        {...form.register("email")}
      />
      <div className="account-actions">
        <Button type="submit" pending={isSubmitting}>
          {isSubmitting ? t("account.saving") : t("account.email.submit")}
        </Button>
      </div>
    </form>
  );
}
