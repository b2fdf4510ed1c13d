import type { Factor } from "@supabase/supabase-js";
import { useId, useState } from "react";
import { Button } from "../../components/ui/button";
import { errorMessageId, useSchemaForm } from "../forms/use-schema-form";
import { useTranslate } from "../i18n/use-translate";
import { AuthErrorAlert } from "./auth-error-alert";
import { factorLabel, factorPhone } from "./factor-name";
import { startChallenge, verifySecondFactor } from "./mfa";
import { SecondFactorCodeInput, secondFactorCodeSchema } from "./second-factor-code";
import { SecurityKeyStep } from "./security-key-step";
import { useAuthProblem } from "./use-auth-problem";
import "./second-factor-form.css";

type SecondFactorFormProps = {
  /** The person's verified factors; the first is chosen unless they pick another. */
  factors: Factor[];
  submitLabel: string;
  /** After the session became aal2 (supabase-js has emitted MFA_CHALLENGE_VERIFIED). */
  onVerified?: () => void | Promise<void>;
  /** Preferred factor, when one is first choice (the one being removed). */
  initialFactorId?: string;
};

/**
 * Asks for a code from one of the person's second factors and verifies it: at sign-in, and before
 * removing a factor. A phone factor first texts a code (`mfa.challenge`), then verifies against it;
 * a security key needs no code: the browser asks for the key itself.
 */
export function SecondFactorForm({ factors, submitLabel, onVerified, initialFactorId }: SecondFactorFormProps) {
  const t = useTranslate();
  const chooserId = useId();
  const [factorId, setFactorId] = useState(initialFactorId ?? factors[0]?.id ?? "");
  const [challenge, setChallenge] = useState<{ factorId: string; id: string } | null>(null);
  const [sending, setSending] = useState(false);
  const form = useSchemaForm(secondFactorCodeSchema, { code: "" });
  const { problem, alertRef, report, clear } = useAuthProblem(form, { code: "code" });
  const { errors, isSubmitting } = form.formState;
  const codeError = errorMessageId(errors.code);
  const factor = factors.find((candidate) => candidate.id === factorId) ?? factors[0];
  const isPhone = factor?.factor_type === "phone";
  const challengeId = challenge && challenge.factorId === factor?.id ? challenge.id : undefined;

  async function sendCode() {
    if (!factor) return;
    setSending(true);
    clear();
    try {
      setChallenge({ factorId: factor.id, id: await startChallenge(factor.id) });
    } catch (error) {
      report(error);
    } finally {
      setSending(false);
    }
  }

  const submit = form.handleSubmit(async ({ code }) => {
    if (!factor) return;
    try {
      await verifySecondFactor(factor.id, code, challengeId);
      await onVerified?.();
    } catch (error) {
      // A phone challenge is spent once it failed or expired: the next try texts a new code.
      if (isPhone) setChallenge(null);
      report(error);
    }
  });

  if (!factor) return null;
  return (
    <div className="second-factor">
      {problem && (
        <AuthErrorAlert ref={alertRef} problem={problem} onRetry={() => (isPhone ? void sendCode() : clear())} />
      )}
      {factors.length > 1 && (
        <div className="second-factor__chooser">
          <label htmlFor={chooserId}>{t("mfa.factor.choose")}</label>
          <select id={chooserId} value={factor.id} onChange={(event) => setFactorId(event.target.value)}>
            {factors.map((candidate) => (
              <option key={candidate.id} value={candidate.id}>
                {factorLabel(candidate, t)}
              </option>
            ))}
          </select>
        </div>
      )}
      {factor.factor_type === "webauthn" ? (
        <SecurityKeyStep
          key={factor.id}
          factor={factor}
          submitLabel={submitLabel}
          onStart={clear}
          onVerified={onVerified}
          onError={report}
        />
      ) : isPhone && !challengeId ? (
        <Button pending={sending} onClick={() => void sendCode()}>
          {sending ? t("mfa.phone.sending") : t("mfa.phone.send", { phone: factorPhone(factor) ?? "" })}
        </Button>
      ) : (
        <form className="second-factor__form" noValidate onSubmit={(event) => void submit(event)}>
          <SecondFactorCodeInput
            hint={
              isPhone
                ? t("mfa.code.hintPhone", { phone: factorPhone(factor) ?? "" })
                : t("mfa.code.hintTotp", { name: factorLabel(factor, t) })
            }
            error={codeError && t(codeError)}
            {...form.register("code")}
          />
          <Button type="submit" pending={isSubmitting}>
            {isSubmitting ? t("mfa.verifying") : submitLabel}
          </Button>
        </form>
      )}
    </div>
  );
}
