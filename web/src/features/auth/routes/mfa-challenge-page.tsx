import { useState } from "react";
import { Button } from "../../../components/ui/button";
import { Spinner } from "../../../components/ui/spinner";
import { AuthErrorAlert } from "../../../lib/auth/auth-error-alert";
import { describeAuthError } from "../../../lib/auth/auth-errors";
import { SecondFactorForm } from "../../../lib/auth/second-factor-form";
import { useFactors, verifiedFactors } from "../../../lib/auth/use-factors";
import { useTranslate } from "../../../lib/i18n/use-translate";
import { signOutHere } from "../api/sign-out-here";
import { AuthCard } from "../components/auth-card";

/**
 * `/:locale/sign-in/mfa` — the second step of signing in for a person with a verified factor.
 * A right code makes the session aal2; MFA_CHALLENGE_VERIFIED then opens where they were going.
 */
export function MfaChallengePage() {
  const t = useTranslate();
  const factors = useFactors(verifiedFactors);
  const [leaving, setLeaving] = useState(false);

  async function leave() {
    setLeaving(true);
    try {
      await signOutHere();
    } finally {
      setLeaving(false);
    }
  }

  return (
    <AuthCard
      title={t("mfa.challenge.title")}
      lead={t("mfa.challenge.lead")}
      footer={
        <Button variant="link" pending={leaving} onClick={() => void leave()}>
          {t("mfa.challenge.otherAccount")}
        </Button>
      }
    >
      {factors.isPending && (
        <p role="status">
          <Spinner /> {t("mfa.loading")}
        </p>
      )}
      {factors.isError && (
        <AuthErrorAlert problem={describeAuthError(factors.error)} onRetry={() => void factors.refetch()} />
      )}
      {factors.data && <SecondFactorForm factors={factors.data} submitLabel={t("mfa.challenge.submit")} />}
    </AuthCard>
  );
}
