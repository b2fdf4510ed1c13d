import { useState } from "react";
import { Button } from "../../../components/ui/button";
import { AuthErrorAlert } from "../../../lib/auth/auth-error-alert";
import { useAuthProblem } from "../../../lib/auth/use-auth-problem";
import { useTranslate } from "../../../lib/i18n/use-translate";
import { useAuthSettings } from "../../../lib/auth/auth-settings";
import { signInAnonymously } from "../api/sign-in-anonymously";

/** "Try it without an account", only when the backend reports anonymous sign-ins enabled. */
export function AnonymousSignIn() {
  const t = useTranslate();
  const settings = useAuthSettings();
  const [pending, setPending] = useState(false);
  const { problem, alertRef, report } = useAuthProblem();
  if (!settings.data?.external.anonymous_users) return null;

  async function start() {
    setPending(true);
    try {
      await signInAnonymously();
    } catch (error) {
      report(error);
    } finally {
      setPending(false);
    }
  }

  return (
    <>
      {problem && <AuthErrorAlert ref={alertRef} problem={problem} />}
      <Button variant="link" pending={pending} onClick={() => void start()}>
        {t("auth.anonymous.try")}
      </Button>
    </>
  );
}
