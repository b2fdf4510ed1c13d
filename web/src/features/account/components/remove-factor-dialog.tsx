import * as Dialog from "@radix-ui/react-dialog";
import type { Factor } from "@supabase/supabase-js";
import { useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { Button } from "../../../components/ui/button";
import { AuthErrorAlert } from "../../../lib/auth/auth-error-alert";
import { authQueryKeys } from "../../../lib/auth/auth-query-keys";
import { factorLabel } from "../../../lib/auth/factor-name";
import { SecondFactorForm } from "../../../lib/auth/second-factor-form";
import { useAuthProblem } from "../../../lib/auth/use-auth-problem";
import { useTranslate } from "../../../lib/i18n/use-translate";
import { removeFactor } from "../api/enroll-factor";
import "../../../components/ui/confirm-dialog.css";

type RemoveFactorDialogProps = {
  factor: Factor;
  /** The person's verified factors: a code from one of them is asked for first. */
  verifiedFactors: Factor[];
  onRemoved: () => void;
};

/**
 * Removes a factor. A verified one asks for a second-factor code first (challenge + verify makes
 * the session aal2, which the backend requires to unenroll a verified factor); a half-made one goes
 * at once.
 */
export function RemoveFactorDialog({ factor, verifiedFactors, onRemoved }: RemoveFactorDialogProps) {
  const t = useTranslate();
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  const [pending, setPending] = useState(false);
  const { problem, alertRef, report, clear } = useAuthProblem();
  const name = factorLabel(factor, t);
  const needsCode = factor.status === "verified" && verifiedFactors.length > 0;

  async function remove() {
    setPending(true);
    clear();
    try {
      await removeFactor(factor.id);
      await queryClient.invalidateQueries({ queryKey: authQueryKeys.factors() });
      setOpen(false);
      onRemoved();
    } catch (error) {
      report(error);
    } finally {
      setPending(false);
    }
  }

  return (
    <Dialog.Root
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        clear();
      }}
    >
      <Dialog.Trigger asChild>
        <Button variant="danger" aria-label={t("mfa.remove.buttonFor", { name })}>
          {t("mfa.remove.button")}
        </Button>
      </Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className="confirm-dialog__overlay" />
        <Dialog.Content className="confirm-dialog">
          <Dialog.Title className="confirm-dialog__title">{t("mfa.remove.title", { name })}</Dialog.Title>
          <div className="confirm-dialog__body">
            <Dialog.Description>
              {t(needsCode ? "mfa.remove.descriptionWithCode" : "mfa.remove.description")}
            </Dialog.Description>
            {problem && <AuthErrorAlert ref={alertRef} problem={problem} onRetry={() => void remove()} />}
            {needsCode ? (
              <SecondFactorForm
                factors={verifiedFactors}
                initialFactorId={factor.id}
                submitLabel={t("mfa.remove.confirm")}
                onVerified={remove}
              />
            ) : (
              <Button variant="danger" pending={pending} onClick={() => void remove()}>
                {t("mfa.remove.confirm")}
              </Button>
            )}
            <div className="confirm-dialog__actions">
              <Dialog.Close asChild>
                <Button variant="quiet">{t("account.cancel")}</Button>
              </Dialog.Close>
            </div>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
