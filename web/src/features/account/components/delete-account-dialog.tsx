import { useEffect, useRef, useState } from "react";
import { useIntl } from "react-intl";
import { useNavigate } from "react-router";
import { z } from "../../../lib/zod-mini";
import { Button } from "../../../components/ui/button";
import { ConfirmDialog } from "../../../components/ui/confirm-dialog";
import { TextField } from "../../../components/ui/text-field";
import { AuthErrorAlert } from "../../../lib/auth/auth-error-alert";
import type { AuthErrorDescription } from "../../../lib/auth/auth-errors";
import { authPaths } from "../../../lib/auth/auth-paths";
import { errorMessageId, useSchemaForm } from "../../../lib/forms/use-schema-form";
import { useLocale } from "../../../lib/i18n/locale-context";
import { localizePath } from "../../../lib/i18n/localize-path";
import { useTranslate } from "../../../lib/i18n/use-translate";
import { deleteAccount } from "../api/delete-account";
import { describeDeleteAccountError } from "../api/describe-delete-account-error";
import { signOut } from "../api/sign-out";

// Empty is allowed: the function also accepts a sign-in from the last 10 minutes (link, provider).
const schema = z.object({ password: z.string() });

/**
 * "Delete account" and the dialog that confirms it with the password. On success the person
 * lands on the account-deleted screen first, then this browser's session ends (SIGNED_OUT leaves
 * that screen alone and sends every other tab to sign-in).
 */
export function DeleteAccountDialog() {
  const t = useTranslate();
  const intl = useIntl();
  const locale = useLocale();
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const [problem, setProblem] = useState<AuthErrorDescription | null>(null);
  const alertRef = useRef<HTMLDivElement>(null);
  const form = useSchemaForm(schema, { password: "" });
  const { errors, isSubmitting } = form.formState;
  const passwordError = errorMessageId(errors.password);

  useEffect(() => {
    if (problem) alertRef.current?.focus();
  }, [problem]);

  function changeOpen(next: boolean) {
    if (isSubmitting) return;
    setOpen(next);
    if (!next) {
      setProblem(null);
      form.reset();
    }
  }

  const submit = form.handleSubmit(async ({ password }) => {
    setProblem(null);
    try {
      await deleteAccount(password === "" ? undefined : password);
    } catch (error) {
      const described = describeDeleteAccountError(error, (names) => intl.formatList(names, { type: "conjunction" }));
      if (described.field === "password") {
        form.setError("password", { type: "server", message: described.messageId }, { shouldFocus: true });
      } else {
        setProblem(described);
      }
      return;
    }
    await navigate(localizePath(locale, authPaths.accountDeleted), { replace: true });
    // The auth user is gone: the server may refuse the sign-out, but this browser forgets it anyway.
    await signOut("local").catch(() => undefined);
  });

  return (
    <ConfirmDialog
      open={open}
      onOpenChange={changeOpen}
      trigger={<Button variant="danger">{t("account.delete.action")}</Button>}
      title={t("account.delete.confirmTitle")}
      description={t("account.delete.confirmDescription")}
      confirmLabel={isSubmitting ? t("account.delete.deleting") : t("account.delete.confirm")}
      cancelLabel={t("account.cancel")}
      pending={isSubmitting}
      onConfirm={() => void submit()}
    >
      {problem && <AuthErrorAlert ref={alertRef} problem={problem} onRetry={() => void submit()} />}
      <TextField
        label={t("auth.field.password")}
        hint={t("account.delete.passwordHint")}
        type="password"
        autoComplete="current-password"
        error={passwordError && t(passwordError)}
        {...form.register("password")}
      />
    </ConfirmDialog>
  );
}
