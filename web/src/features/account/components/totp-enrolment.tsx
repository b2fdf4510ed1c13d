import type { Factor } from "@supabase/supabase-js";
import { useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { z } from "../../../lib/zod-mini";
import { TextField } from "../../../components/ui/text-field";
import { AuthErrorAlert } from "../../../lib/auth/auth-error-alert";
import { authQueryKeys } from "../../../lib/auth/auth-query-keys";
import { factorLabel } from "../../../lib/auth/factor-name";
import { SecondFactorCodeInput, secondFactorCodeSchema } from "../../../lib/auth/second-factor-code";
import { verifySecondFactor } from "../../../lib/auth/mfa";
import { useAuthProblem } from "../../../lib/auth/use-auth-problem";
import { errorMessageId, useSchemaForm } from "../../../lib/forms/use-schema-form";
import { useTranslate } from "../../../lib/i18n/use-translate";
import { enrollTotp, removeFactor, type TotpEnrolment as Enrolment } from "../api/enroll-factor";
import { qrCodeSrc } from "../api/qr-code-src";
import { useCancelEnrolment } from "../hooks/use-cancel-enrolment";
import { CopySecret } from "./copy-secret";
import { EnrolmentForm } from "./enrolment-form";
import { EnrolmentShell } from "./enrolment-shell";
import { factorNameField } from "./factor-name-field";

const nameSchema = z.object({ name: factorNameField });

type TotpEnrolmentProps = {
  /** Renaming: the new factor replaces this one, which is removed once the new one works. */
  replacing?: Factor;
  onDone: (outcome: "added" | "renamed" | "cancelled") => void;
};

/**
 * Adds an authenticator app: a name, then the QR code (or the key typed in by hand), then a code
 * from the app to prove it works. Cancelling removes the half-made factor. GoTrue has no way to
 * rename a factor, so renaming is this same setup under the new name, replacing the old factor.
 */
export function TotpEnrolment({ replacing, onDone }: TotpEnrolmentProps) {
  const t = useTranslate();
  const queryClient = useQueryClient();
  const [enrolment, setEnrolment] = useState<Enrolment | null>(null);
  const nameForm = useSchemaForm(nameSchema, { name: replacing ? "" : t("mfa.kind.totp") });
  const codeForm = useSchemaForm(secondFactorCodeSchema, { code: "" });
  const {
    problem: problemName,
    alertRef: alertRefName,
    report: reportName,
  } = useAuthProblem(nameForm, { name: "name" });
  const {
    problem: problemCode,
    alertRef: alertRefCode,
    report: reportCode,
    clear: clearCode,
  } = useAuthProblem(codeForm, { code: "code" });
  const cancelEnrolment = useCancelEnrolment(() => onDone("cancelled"));

  const start = nameForm.handleSubmit(async ({ name }) => {
    try {
      setEnrolment(await enrollTotp(name));
    } catch (error) {
      reportName(error);
    }
  });

  const verify = codeForm.handleSubmit(async ({ code }) => {
    if (!enrolment) return;
    try {
      await verifySecondFactor(enrolment.factorId, code);
      if (replacing) await removeFactor(replacing.id);
      await queryClient.invalidateQueries({ queryKey: authQueryKeys.factors() });
      onDone(replacing ? "renamed" : "added");
    } catch (error) {
      reportCode(error);
    }
  });

  const cancel = () => void cancelEnrolment(enrolment?.factorId);

  const nameError = errorMessageId(nameForm.formState.errors.name);
  const codeError = errorMessageId(codeForm.formState.errors.code);
  const title = replacing ? t("mfa.rename.title", { name: factorLabel(replacing, t) }) : t("mfa.enrol.totpTitle");

  return (
    <EnrolmentShell title={title} step={enrolment}>
      {replacing && <p>{t("mfa.rename.explanation")}</p>}
      {!enrolment ? (
        <EnrolmentForm
          onSubmit={(event) => void start(event)}
          submitting={nameForm.formState.isSubmitting}
          submitLabel={t("mfa.enrol.continue")}
          onCancel={cancel}
        >
          {problemName && <AuthErrorAlert ref={alertRefName} problem={problemName} onRetry={() => void start()} />}
          <TextField
            label={t(replacing ? "mfa.rename.newName" : "mfa.enrol.name")}
            hint={t("mfa.enrol.nameHint")}
            error={nameError && t(nameError)}
            {...nameForm.register("name")}
          />
        </EnrolmentForm>
      ) : (
        <EnrolmentForm
          onSubmit={(event) => void verify(event)}
          submitting={codeForm.formState.isSubmitting}
          submitLabel={codeForm.formState.isSubmitting ? t("mfa.verifying") : t("mfa.enrol.verify")}
          onCancel={cancel}
        >
          <ol className="mfa-steps">
            <li>
              <p>{t("mfa.enrol.scan")}</p>
              <img
                className="mfa-qr"
                src={qrCodeSrc(enrolment.qrCode)}
                alt={t("mfa.enrol.qrAlt")}
                width={192}
                height={192}
              />
              <CopySecret secret={enrolment.secret} />
            </li>
            <li>
              <p>{t("mfa.enrol.enterCode")}</p>
            </li>
          </ol>
          {problemCode && <AuthErrorAlert ref={alertRefCode} problem={problemCode} onRetry={() => clearCode()} />}
          <SecondFactorCodeInput error={codeError && t(codeError)} {...codeForm.register("code")} />
        </EnrolmentForm>
      )}
    </EnrolmentShell>
  );
}
