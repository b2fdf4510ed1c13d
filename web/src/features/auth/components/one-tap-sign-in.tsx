import { z } from "../../../lib/zod-mini";
import { TextField } from "../../../components/ui/text-field";
import { AuthErrorAlert } from "../../../lib/auth/auth-error-alert";
import { emailField } from "../../../lib/auth/auth-schemas";
import { useAuthSettings } from "../../../lib/auth/auth-settings";
import { googleClientId } from "../../../lib/auth/google-client-id";
import { useBackendConfig } from "../../../lib/backend-config-context";
import { useAuthProblem } from "../../../lib/auth/use-auth-problem";
import { errorMessageId, useSchemaForm } from "../../../lib/forms/use-schema-form";
import { useTranslate } from "../../../lib/i18n/use-translate";
import { emulatedGoogleIdToken, useEmulatedGoogle } from "../api/emulated-id-token";
import { newNonce, signInWithIdToken } from "../api/sign-in-with-id-token";
import { GoogleOneTap } from "./google-one-tap";
import { OneTapSection } from "./one-tap-section";
import { SubmitButton } from "./submit-button";

const schema = z.object({ email: emailField });

/**
 * Google one tap where the backend has Google enabled: with real Google (Google Identity
 * Services) when the build has `VITE_GOOGLE_CLIENT_ID`, otherwise with the local stack's emulator.
 */
export function OneTapSignIn() {
  const settings = useAuthSettings();
  if (settings.data?.external.google !== true) return null;
  return googleClientId === undefined ? <EmulatedOneTapSignIn /> : <GoogleOneTap clientId={googleClientId} />;
}

/**
 * "Sign in with an ID token", one-tap style, for Google: the provider hands over an ID token for
 * the account the person is signed in to there, and `signInWithIdToken` (with a nonce) signs in
 * here without a redirect. Locally the stack's Google emulator issues that token for the test
 * account named; the form shows only where the backend emulates Google and has it enabled.
 */
function EmulatedOneTapSignIn() {
  const t = useTranslate();
  const config = useBackendConfig();
  const emulated = useEmulatedGoogle();
  const form = useSchemaForm(schema, { email: "" });
  const { problem, alertRef, report } = useAuthProblem(form, { email: "email" });
  const { errors, isSubmitting } = form.formState;
  const emailError = errorMessageId(errors.email);

  const submit = form.handleSubmit(async ({ email }) => {
    try {
      const nonce = newNonce();
      await signInWithIdToken("google", await emulatedGoogleIdToken(config, email, nonce), nonce);
    } catch (error) {
      report(error);
    }
  });

  if (!emulated.data) return null;
  return (
    <OneTapSection lead={t("oneTap.lead")}>
      <form className="auth-form" noValidate onSubmit={(event) => void submit(event)}>
        {problem && <AuthErrorAlert ref={alertRef} problem={problem} onRetry={() => void submit()} />}
        <TextField
          label={t("oneTap.email")}
          type="email"
          autoComplete="email"
          dir="ltr"
          error={emailError && t(emailError)}
          {...form.register("email")}
        />
        <SubmitButton pending={isSubmitting} pendingLabel={t("auth.signIn.submitting")}>
          {t("oneTap.submit")}
        </SubmitButton>
      </form>
    </OneTapSection>
  );
}
