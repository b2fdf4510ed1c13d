import { useState } from "react";
import { useLocation } from "react-router";
import { z } from "../../../lib/zod-mini";
import { Button } from "../../../components/ui/button";
import { TextField } from "../../../components/ui/text-field";
import { AuthErrorAlert } from "../../../lib/auth/auth-error-alert";
import { authPaths } from "../../../lib/auth/auth-paths";
import { authRedirectUrl } from "../../../lib/auth/auth-redirect-url";
import { useAuthSettings } from "../../../lib/auth/auth-settings";
import { emailField, passwordField } from "../../../lib/auth/auth-schemas";
import { safeReturnPath } from "../../../lib/auth/return-path";
import { useAuthProblem } from "../../../lib/auth/use-auth-problem";
import { errorMessageId, useSchemaForm } from "../../../lib/forms/use-schema-form";
import { useLocale } from "../../../lib/i18n/locale-context";
import { LocaleLink } from "../../../lib/i18n/locale-link";
import { useTranslate } from "../../../lib/i18n/use-translate";
import { resendConfirmation } from "../api/resend-confirmation";
import { sendEmailSignIn } from "../api/send-email-sign-in";
import { signInWithPassword } from "../api/sign-in-with-password";
import { AnonymousSignIn } from "../components/anonymous-sign-in";
import { AuthCard } from "../components/auth-card";
import { CheckEmailPanel } from "../components/check-email-panel";
import { EmailCodeForm } from "../components/email-code-form";
import { OAuthButtons } from "../components/oauth-buttons";
import { PasskeySignIn } from "../components/passkey-sign-in";
import { OneTapSignIn } from "../components/one-tap-sign-in";
import { SsoSignInForm } from "../components/sso-sign-in-form";
import { SubmitButton } from "../components/submit-button";

const passwordSchema = z.object({ email: emailField, password: passwordField });
const emailSchema = z.object({ email: emailField });

function PasswordSignInForm({ next }: { next: string }) {
  const t = useTranslate();
  const locale = useLocale();
  const form = useSchemaForm(passwordSchema, { email: "", password: "" });
  const { problem, alertRef, report } = useAuthProblem(form, { email: "email", password: "password" });
  const { errors, isSubmitting } = form.formState;
  const emailError = errorMessageId(errors.email);
  const passwordError = errorMessageId(errors.password);

  const submit = form.handleSubmit(async ({ email, password }) => {
    try {
      await signInWithPassword(email, password);
    } catch (error) {
      report(error);
    }
  });

  async function resend() {
    try {
      await resendConfirmation(form.getValues("email"), authRedirectUrl(locale, next));
    } catch (error) {
      report(error);
    }
  }

  return (
    <form className="auth-form" noValidate onSubmit={(event) => void submit(event)}>
      {problem && (
        <AuthErrorAlert ref={alertRef} problem={problem} onResend={() => void resend()} onRetry={() => void submit()} />
      )}
      <TextField
        label={t("auth.field.email")}
        type="email"
        autoComplete="email"
        dir="ltr"
        error={emailError && t(emailError)}
        {...form.register("email")}
      />
      <TextField
        label={t("auth.field.password")}
        type="password"
        autoComplete="current-password"
        error={passwordError && t(passwordError)}
        {...form.register("password")}
      />
      <div className="auth-form__row">
        <LocaleLink to={authPaths.forgotPassword}>{t("auth.signIn.forgotPassword")}</LocaleLink>
      </div>
      <SubmitButton pending={isSubmitting} pendingLabel={t("auth.signIn.submitting")}>
        {t("auth.signIn.submit")}
      </SubmitButton>
    </form>
  );
}

function EmailSignInForm({ next }: { next: string }) {
  const t = useTranslate();
  const locale = useLocale();
  const form = useSchemaForm(emailSchema, { email: "" });
  const { problem, alertRef, report } = useAuthProblem(form, { email: "email" });
  const [sentTo, setSentTo] = useState<string | null>(null);
  const { errors, isSubmitting } = form.formState;
  const emailError = errorMessageId(errors.email);

  const submit = form.handleSubmit(async ({ email }) => {
    try {
      await sendEmailSignIn(email, authRedirectUrl(locale, next));
      setSentTo(email);
    } catch (error) {
      report(error);
    }
  });

  if (sentTo) {
    return (
      <CheckEmailPanel
        email={sentTo}
        ifAccountExists
        onResend={() => sendEmailSignIn(sentTo, authRedirectUrl(locale, next))}
      >
        <EmailCodeForm email={sentTo} />
      </CheckEmailPanel>
    );
  }

  return (
    <form className="auth-form" noValidate onSubmit={(event) => void submit(event)}>
      {problem && <AuthErrorAlert ref={alertRef} problem={problem} onRetry={() => void submit()} />}
      <p className="auth-card__lead">{t("auth.signIn.emailLead")}</p>
      <TextField
        label={t("auth.field.email")}
        type="email"
        autoComplete="email"
        dir="ltr"
        error={emailError && t(emailError)}
        {...form.register("email")}
      />
      <SubmitButton pending={isSubmitting} pendingLabel={t("auth.signIn.sending")}>
        {t("auth.signIn.sendLink")}
      </SubmitButton>
    </form>
  );
}

/** `/:locale/sign-in` — password, or a one-time link and code by email; providers and SSO when enabled. */
export function SignInPage() {
  const t = useTranslate();
  const { search } = useLocation();
  const next = safeReturnPath(search);
  const [method, setMethod] = useState<"password" | "email" | "sso">("password");
  const settings = useAuthSettings();

  return (
    <AuthCard
      title={t("auth.signIn.title")}
      footer={
        <>
          <p>
            {t("auth.signIn.noAccount")}{" "}
            <LocaleLink to={{ pathname: authPaths.signUp, search }}>{t("auth.signIn.signUpLink")}</LocaleLink>
          </p>
          <AnonymousSignIn />
        </>
      }
    >
      <OneTapSignIn />
      <OAuthButtons next={next} />
      <PasskeySignIn />
      <div className="auth-switch" role="group" aria-label={t("auth.signIn.method")}>
        <Button variant="quiet" aria-pressed={method === "password"} onClick={() => setMethod("password")}>
          {t("auth.signIn.withPassword")}
        </Button>
        <Button variant="quiet" aria-pressed={method === "email"} onClick={() => setMethod("email")}>
          {t("auth.signIn.withEmail")}
        </Button>
        {settings.data?.saml_enabled && (
          <Button variant="quiet" aria-pressed={method === "sso"} onClick={() => setMethod("sso")}>
            {t("sso.method")}
          </Button>
        )}
      </div>
      {method === "password" && <PasswordSignInForm next={next} />}
      {method === "email" && <EmailSignInForm next={next} />}
      {method === "sso" && <SsoSignInForm next={next} />}
    </AuthCard>
  );
}
