import type { Factor } from "@supabase/supabase-js";
import { useState } from "react";
import { Button } from "../../components/ui/button";
import { useTranslate } from "../i18n/use-translate";
import { factorLabel } from "./factor-name";
import { verifySecurityKey } from "./mfa";
import { browserSupportsWebAuthn } from "./webauthn-support";

type SecurityKeyStepProps = {
  factor: Factor;
  submitLabel: string;
  /** Before the browser asks for the key: earlier problems no longer apply. */
  onStart: () => void;
  onVerified?: () => void | Promise<void>;
  onError: (error: unknown) => void;
};

/**
 * The second step with a security key: one button that has the browser ask for the key (touch
 * it, or unlock it), then verifies the answer. A browser without WebAuthn is told so, and the
 * person can pick another method where they have one.
 */
export function SecurityKeyStep({ factor, submitLabel, onStart, onVerified, onError }: SecurityKeyStepProps) {
  const t = useTranslate();
  const [pending, setPending] = useState(false);
  const name = factorLabel(factor, t);
  if (!browserSupportsWebAuthn()) return <p role="status">{t("webauthn.unsupported")}</p>;

  async function verify() {
    setPending(true);
    onStart();
    try {
      await verifySecurityKey(factor.id);
      await onVerified?.();
    } catch (error) {
      onError(error);
    } finally {
      setPending(false);
    }
  }

  return (
    <div className="second-factor__form">
      <p>{t("mfa.securityKey.hint", { name })}</p>
      <Button pending={pending} onClick={() => void verify()}>
        {pending ? t("mfa.securityKey.waiting") : submitLabel}
      </Button>
    </div>
  );
}
