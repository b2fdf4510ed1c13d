import { useState } from "react";
import { Button } from "../../../components/ui/button";
import { AuthErrorAlert } from "../../../lib/auth/auth-error-alert";
import { useAuthSettings } from "../../../lib/auth/auth-settings";
import { useAuthProblem } from "../../../lib/auth/use-auth-problem";
import { browserSupportsWebAuthn } from "../../../lib/auth/webauthn-support";
import { useTranslate } from "../../../lib/i18n/use-translate";
import { signInWithPasskey } from "../api/sign-in-with-passkey";

/** "Sign in with a passkey", only when the backend reports passkeys enabled and the browser can use them. */
export function PasskeySignIn() {
  const t = useTranslate();
  const settings = useAuthSettings();
  const [pending, setPending] = useState(false);
  const { problem, alertRef, report, clear } = useAuthProblem();
  if (!settings.data?.passkeys_enabled || !browserSupportsWebAuthn()) return null;

  async function start() {
    setPending(true);
    clear();
    try {
      await signInWithPasskey();
    } catch (error) {
      report(error);
    } finally {
      setPending(false);
    }
  }

  return (
    <>
      {problem && <AuthErrorAlert ref={alertRef} problem={problem} />}
      <Button variant="quiet" pending={pending} onClick={() => void start()}>
        {t("auth.passkey.signIn")}
      </Button>
    </>
  );
}
