import { useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { z } from "../../../lib/zod-mini";
import { Button } from "../../../components/ui/button";
import { TextField } from "../../../components/ui/text-field";
import { AuthErrorAlert } from "../../../lib/auth/auth-error-alert";
import type { AuthErrorDescription } from "../../../lib/auth/auth-errors";
import { authQueryKeys } from "../../../lib/auth/auth-query-keys";
import { startChallenge, verifySecondFactor } from "../../../lib/auth/mfa";
import { SecondFactorCodeInput, secondFactorCodeSchema } from "../../../lib/auth/second-factor-code";
import { useAuthProblem } from "../../../lib/auth/use-auth-problem";
import { errorMessageId, useSchemaForm } from "../../../lib/forms/use-schema-form";
import { useTranslate } from "../../../lib/i18n/use-translate";
import { enrollPhone } from "../api/enroll-factor";
import { useCancelEnrolment } from "../hooks/use-cancel-enrolment";
import { EnrolmentForm } from "./enrolment-form";
import { EnrolmentShell } from "./enrolment-shell";
import { factorNameField } from "./factor-name-field";

/** E.164, as GoTrue requires: `+`, country code, number (spaces, dashes and brackets allowed, then dropped). */
const phoneField = z.string().check(z.trim(), z.regex(/^\+[1-9][\d\s().-]{6,20}$/, "mfa.error.phoneInvalid"));

function toE164(phone: string): string {
  return phone.replace(/[\s().-]/g, "");
}

const detailsSchema = z.object({ name: factorNameField, phone: phoneField });

type PhoneEnrolmentProps = {
  onDone: (outcome: "added" | "cancelled") => void;
  /** The backend refused phone factors altogether (`mfa_phone_enroll_not_enabled`). */
  onUnavailable: (problem: AuthErrorDescription) => void;
};

/**
 * Adds a phone (text message) factor: a name and an E.164 number, then the texted code. Where the
 * backend has phone MFA off, it says so and the section stops offering it.
 */
export function PhoneEnrolment({ onDone, onUnavailable }: PhoneEnrolmentProps) {
  const t = useTranslate();
  const queryClient = useQueryClient();
  const [pending, setPending] = useState<{ factorId: string; challengeId: string; phone: string } | null>(null);
  const detailsForm = useSchemaForm(detailsSchema, { name: t("mfa.kind.phone"), phone: "" });
  const codeForm = useSchemaForm(secondFactorCodeSchema, { code: "" });
  const {
    problem: problemDetails,
    alertRef: alertRefDetails,
    report: reportDetails,
  } = useAuthProblem(detailsForm, { name: "name", phone: "phone" });
  const {
    problem: problemCode,
    alertRef: alertRefCode,
    report: reportCode,
    clear: clearCode,
  } = useAuthProblem(codeForm, { code: "code" });
  const cancelEnrolment = useCancelEnrolment(() => onDone("cancelled"));

  const start = detailsForm.handleSubmit(async ({ name, phone: typed }) => {
    const phone = toE164(typed);
    try {
      const { factorId } = await enrollPhone(name, phone);
      setPending({ factorId, challengeId: await startChallenge(factorId), phone });
    } catch (error) {
      const described = reportDetails(error);
      if (described.messageId === "mfa.error.phoneOff") onUnavailable(described);
    }
  });

  const verify = codeForm.handleSubmit(async ({ code }) => {
    if (!pending) return;
    try {
      await verifySecondFactor(pending.factorId, code, pending.challengeId);
      await queryClient.invalidateQueries({ queryKey: authQueryKeys.factors() });
      onDone("added");
    } catch (error) {
      reportCode(error);
    }
  });

  async function resend() {
    if (!pending) return;
    try {
      setPending({ ...pending, challengeId: await startChallenge(pending.factorId) });
      clearCode();
    } catch (error) {
      reportCode(error);
    }
  }

  const cancel = () => void cancelEnrolment(pending?.factorId);

  const nameError = errorMessageId(detailsForm.formState.errors.name);
  const phoneError = errorMessageId(detailsForm.formState.errors.phone);
  const codeError = errorMessageId(codeForm.formState.errors.code);

  return (
    <EnrolmentShell title={t("mfa.enrol.phoneTitle")} step={pending}>
      {!pending ? (
        <EnrolmentForm
          onSubmit={(event) => void start(event)}
          submitting={detailsForm.formState.isSubmitting}
          submitLabel={t("mfa.enrol.sendCode")}
          onCancel={cancel}
        >
          {problemDetails && (
            <AuthErrorAlert ref={alertRefDetails} problem={problemDetails} onRetry={() => void start()} />
          )}
          <TextField
            label={t("mfa.enrol.name")}
            hint={t("mfa.enrol.nameHint")}
            error={nameError && t(nameError)}
            {...detailsForm.register("name")}
          />
          <TextField
            label={t("mfa.enrol.phone")}
            hint={t("mfa.enrol.phoneHint")}
            type="tel"
            autoComplete="tel"
            dir="ltr"
            error={phoneError && t(phoneError)}
            {...detailsForm.register("phone")}
          />
        </EnrolmentForm>
      ) : (
        <EnrolmentForm
          onSubmit={(event) => void verify(event)}
          submitting={codeForm.formState.isSubmitting}
          submitLabel={codeForm.formState.isSubmitting ? t("mfa.verifying") : t("mfa.enrol.verify")}
          extraActions={
            <Button variant="quiet" onClick={() => void resend()}>
              {t("mfa.phone.resend")}
            </Button>
          }
          onCancel={cancel}
        >
          {problemCode && <AuthErrorAlert ref={alertRefCode} problem={problemCode} onRetry={() => void resend()} />}
          <SecondFactorCodeInput
            hint={t("mfa.code.hintPhone", { phone: pending.phone })}
            error={codeError && t(codeError)}
            {...codeForm.register("code")}
          />
        </EnrolmentForm>
      )}
    </EnrolmentShell>
  );
}
