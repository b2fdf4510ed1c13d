import type { User } from "@supabase/supabase-js";
import { useId, useState } from "react";
import { useLocation, useNavigate } from "react-router";
import { z } from "../../../lib/zod-mini";
import { Alert } from "../../../components/ui/alert";
import { TextField } from "../../../components/ui/text-field";
import { AuthErrorAlert } from "../../../lib/auth/auth-error-alert";
import { useAuthProblem } from "../../../lib/auth/use-auth-problem";
import { errorMessageId, useSchemaForm } from "../../../lib/forms/use-schema-form";
import { useLocale } from "../../../lib/i18n/locale-context";
import { isLocale, locales, supportedLocales } from "../../../lib/i18n/locales";
import { switchLocalePath } from "../../../lib/i18n/localize-path";
import { useTranslate } from "../../../lib/i18n/use-translate";
import { Button } from "../../../components/ui/button";
import { updateProfile } from "../api/update-profile";

const schema = z.object({
  displayName: z
    .string()
    .check(z.trim(), z.minLength(1, "validation.nameRequired"), z.maxLength(80, "validation.nameTooLong")),
  locale: z.string().check(z.refine(isLocale, "validation.required")),
});

/** Display name and preferred language; saving a language shows the app in it at once. */
export function ProfileForm({ user }: { user: User }) {
  const t = useTranslate();
  const currentLocale = useLocale();
  const navigate = useNavigate();
  const location = useLocation();
  const localeId = useId();
  const metadata = user.user_metadata as { display_name?: unknown; locale?: unknown };
  const form = useSchemaForm(schema, {
    displayName: typeof metadata.display_name === "string" ? metadata.display_name : "",
    locale: typeof metadata.locale === "string" && isLocale(metadata.locale) ? metadata.locale : currentLocale,
  });
  const { problem, alertRef, report } = useAuthProblem();
  const [saved, setSaved] = useState(false);
  const { errors, isSubmitting } = form.formState;
  const nameError = errorMessageId(errors.displayName);

  const submit = form.handleSubmit(async (values) => {
    setSaved(false);
    try {
      await updateProfile(values);
      setSaved(true);
      if (isLocale(values.locale) && values.locale !== currentLocale) {
        void navigate({ pathname: switchLocalePath(location.pathname, values.locale), search: location.search });
      }
    } catch (error) {
      report(error);
    }
  });

  return (
    <form className="account-form" noValidate onSubmit={(event) => void submit(event)}>
      {problem && <AuthErrorAlert ref={alertRef} problem={problem} onRetry={() => void submit()} />}
      {saved && (
        <Alert tone="success">
          <p>{t("account.profile.saved")}</p>
        </Alert>
      )}
      <TextField
        label={t("auth.field.displayName")}
        autoComplete="name"
        error={nameError && t(nameError)}
        {...form.register("displayName")}
      />
      <div className="text-field">
        <label htmlFor={localeId} className="text-field__label">
          {t("account.profile.language")}
        </label>
        <select id={localeId} {...form.register("locale")}>
          {supportedLocales.map((code) => (
            <option key={code} value={code} lang={code}>
              {locales[code].nativeName}
            </option>
          ))}
        </select>
      </div>
      <div className="account-actions">
        <Button type="submit" pending={isSubmitting}>
          {isSubmitting ? t("account.saving") : t("account.save")}
        </Button>
      </div>
    </form>
  );
}
