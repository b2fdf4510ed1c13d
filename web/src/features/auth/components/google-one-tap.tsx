import { useRef } from "react";
import { AuthErrorAlert } from "../../../lib/auth/auth-error-alert";
import { useAuthProblem } from "../../../lib/auth/use-auth-problem";
import { useLocale } from "../../../lib/i18n/locale-context";
import { useTranslate } from "../../../lib/i18n/use-translate";
import type { GoogleAccountsId } from "../api/google-identity";
import { useGoogleOneTap, type GoogleIdTokenCredentials } from "../hooks/use-google-one-tap";
import { OneTapSection } from "./one-tap-section";

type GoogleOneTapProps = {
  clientId: string;
  /** Injected in tests: a fake Google Identity Services. */
  loadGoogle?: () => Promise<GoogleAccountsId>;
  signIn?: (credentials: GoogleIdTokenCredentials) => Promise<void>;
};

/**
 * Google one tap with real Google (Google Identity Services), for builds configured with
 * `VITE_GOOGLE_CLIENT_ID`: Google's prompt offers the account signed in to this browser, and its
 * own button below is always there for keyboards, screen readers and a suppressed prompt.
 */
export function GoogleOneTap({ clientId, loadGoogle, signIn }: GoogleOneTapProps) {
  const t = useTranslate();
  const locale = useLocale();
  const buttonRef = useRef<HTMLDivElement>(null);
  const { problem, alertRef, report, clear } = useAuthProblem();
  const { pending, restart } = useGoogleOneTap({ clientId, locale, buttonRef, onError: report, loadGoogle, signIn });

  return (
    <OneTapSection lead={t("oneTap.googleLead")} busy={pending}>
      {problem && (
        <AuthErrorAlert
          ref={alertRef}
          problem={problem}
          onRetry={() => {
            clear();
            restart();
          }}
        />
      )}
      <div ref={buttonRef} className="auth-google-button" />
      {pending && <p role="status">{t("auth.signIn.submitting")}</p>}
    </OneTapSection>
  );
}
