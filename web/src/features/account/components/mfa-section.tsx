import type { Factor } from "@supabase/supabase-js";
import { useState } from "react";
import { Alert } from "../../../components/ui/alert";
import { Button } from "../../../components/ui/button";
import { Spinner } from "../../../components/ui/spinner";
import { AuthErrorAlert } from "../../../lib/auth/auth-error-alert";
import { describeAuthError, type AuthErrorDescription } from "../../../lib/auth/auth-errors";
import { factorKindName, factorLabel, factorPhone } from "../../../lib/auth/factor-name";
import { useFactors, verifiedFactors } from "../../../lib/auth/use-factors";
import { browserSupportsWebAuthn } from "../../../lib/auth/webauthn-support";
import { useTranslate } from "../../../lib/i18n/use-translate";
import { PhoneEnrolment } from "./phone-enrolment";
import { RemoveFactorDialog } from "./remove-factor-dialog";
import { SecurityKeyEnrolment } from "./security-key-enrolment";
import { TotpEnrolment } from "./totp-enrolment";

type Panel = { kind: "totp"; replacing?: Factor } | { kind: "phone" } | { kind: "securityKey" } | null;
type Outcome = "added" | "renamed" | "removed" | null;

/** One factor in the list: its name, kind and date, and what can be done with it. */
function FactorRow({
  factor,
  verified,
  onRename,
  onRemoved,
}: {
  factor: Factor;
  verified: Factor[];
  onRename: () => void;
  onRemoved: () => void;
}) {
  const t = useTranslate();
  const name = factorLabel(factor, t);
  return (
    <li className="mfa-factor">
      <div>
        <p className="mfa-factor__name">{name}</p>
        <p className="mfa-factor__meta">
          {t(factorKindName(factor))}
          {factorPhone(factor) && <bdi dir="ltr"> {factorPhone(factor)}</bdi>}
          {" · "}
          {factor.status === "verified"
            ? t("mfa.factor.added", { date: new Date(factor.created_at) })
            : t("mfa.factor.unfinished")}
        </p>
      </div>
      <div className="account-actions">
        {factor.status === "verified" && factor.factor_type === "totp" && (
          <Button variant="quiet" aria-label={t("mfa.rename.buttonFor", { name })} onClick={onRename}>
            {t("mfa.rename.button")}
          </Button>
        )}
        <RemoveFactorDialog factor={factor} verifiedFactors={verified} onRemoved={onRemoved} />
      </div>
    </li>
  );
}

/**
 * Two-step verification in the security center: the person's factors, adding an authenticator app
 * (QR code), a security key (WebAuthn) or a phone, renaming an app (set up again under the new name)
 * and removing (a code or the key first).
 */
export function MfaSection() {
  const t = useTranslate();
  const factors = useFactors();
  const [panel, setPanel] = useState<Panel>(null);
  const [outcome, setOutcome] = useState<Outcome>(null);
  const [phoneOff, setPhoneOff] = useState<AuthErrorDescription | null>(null);
  const [securityKeysOff, setSecurityKeysOff] = useState<AuthErrorDescription | null>(null);
  const webAuthn = browserSupportsWebAuthn();
  const all = factors.data ?? [];
  const verified = verifiedFactors(all);

  function open(next: Panel) {
    setOutcome(null);
    setPanel(next);
  }

  function finish(result: "added" | "renamed" | "cancelled") {
    setPanel(null);
    setOutcome(result === "cancelled" ? null : result);
  }

  function phoneUnavailable(problem: AuthErrorDescription) {
    setPhoneOff(problem);
    setPanel(null);
  }

  function securityKeysUnavailable(problem: AuthErrorDescription) {
    setSecurityKeysOff(problem);
    setPanel(null);
  }

  return (
    <div className="mfa">
      <p>{t(verified.length > 0 ? "mfa.status.on" : "mfa.status.off")}</p>
      {factors.isPending && (
        <p role="status">
          <Spinner /> {t("mfa.loading")}
        </p>
      )}
      {factors.isError && (
        <AuthErrorAlert problem={describeAuthError(factors.error)} onRetry={() => void factors.refetch()} />
      )}
      {outcome && (
        <Alert tone="success">
          <p>
            {t(
              outcome === "added" ? "mfa.done.added" : outcome === "renamed" ? "mfa.done.renamed" : "mfa.done.removed",
            )}
          </p>
        </Alert>
      )}
      {all.length > 0 && (
        <ul className="mfa-factors" aria-label={t("mfa.factors.label")}>
          {all.map((factor) => (
            <FactorRow
              key={factor.id}
              factor={factor}
              verified={verified}
              onRename={() => open({ kind: "totp", replacing: factor })}
              onRemoved={() => setOutcome("removed")}
            />
          ))}
        </ul>
      )}
      {panel?.kind === "totp" && (
        <TotpEnrolment key={panel.replacing?.id ?? "new"} replacing={panel.replacing} onDone={finish} />
      )}
      {panel?.kind === "phone" && <PhoneEnrolment onDone={finish} onUnavailable={phoneUnavailable} />}
      {panel?.kind === "securityKey" && (
        <SecurityKeyEnrolment onDone={finish} onUnavailable={securityKeysUnavailable} />
      )}
      {phoneOff && <AuthErrorAlert problem={phoneOff} />}
      {securityKeysOff && <AuthErrorAlert problem={securityKeysOff} />}
      {panel === null && factors.isSuccess && (
        <div className="account-actions">
          <Button onClick={() => open({ kind: "totp" })}>{t("mfa.add.totp")}</Button>
          {!securityKeysOff && webAuthn && (
            <Button variant="quiet" onClick={() => open({ kind: "securityKey" })}>
              {t("mfa.add.securityKey")}
            </Button>
          )}
          {!phoneOff && (
            <Button variant="quiet" onClick={() => open({ kind: "phone" })}>
              {t("mfa.add.phone")}
            </Button>
          )}
        </div>
      )}
      {panel === null && factors.isSuccess && !webAuthn && <p className="mfa-note">{t("webauthn.unsupported")}</p>}
      <p className="mfa-note">{t("mfa.rename.note")}</p>
    </div>
  );
}
