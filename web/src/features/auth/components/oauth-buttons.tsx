import { useState } from "react";
import { Button } from "../../../components/ui/button";
import { authRedirectUrl } from "../../../lib/auth/auth-redirect-url";
import { AuthErrorAlert } from "../../../lib/auth/auth-error-alert";
import { useAuthProblem } from "../../../lib/auth/use-auth-problem";
import { useLocale } from "../../../lib/i18n/locale-context";
import { useTranslate } from "../../../lib/i18n/use-translate";
import { providerName } from "../../../lib/auth/provider-names";
import { enabledOAuthProviders, useAuthSettings } from "../../../lib/auth/auth-settings";
import { signInWithProvider } from "../api/sign-in-with-provider";

/** One "Continue with …" button per OAuth provider the backend's `/settings` reports enabled. */
export function OAuthButtons({ next }: { next: string }) {
  const t = useTranslate();
  const locale = useLocale();
  const settings = useAuthSettings();
  const [pending, setPending] = useState<string | null>(null);
  const { problem, alertRef, report } = useAuthProblem();
  const providers = enabledOAuthProviders(settings.data);
  if (providers.length === 0) return null;

  async function start(provider: string) {
    setPending(provider);
    try {
      await signInWithProvider(provider, authRedirectUrl(locale, next));
    } catch (error) {
      report(error);
      setPending(null);
    }
  }

  return (
    <div className="auth-form">
      {problem && <AuthErrorAlert ref={alertRef} problem={problem} />}
      {providers.map((provider) => (
        <Button
          key={provider}
          variant="quiet"
          className="button--block"
          pending={pending === provider}
          onClick={() => void start(provider)}
        >
          {t("auth.oauth.continueWith", { provider: providerName(provider) })}
        </Button>
      ))}
      <p className="auth-divider">{t("auth.oauth.or")}</p>
    </div>
  );
}
