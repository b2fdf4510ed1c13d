import type { FormEvent, ReactNode } from "react";
import { Button } from "../../../components/ui/button";
import { useTranslate } from "../../../lib/i18n/use-translate";

type EnrolmentFormProps = {
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
  submitting: boolean;
  submitLabel: string;
  /** Buttons between the submit and cancel buttons (sending the text again). */
  extraActions?: ReactNode;
  onCancel: () => void;
  children: ReactNode;
};

/** One step of adding a second factor: its fields, then submit, any extra actions and cancel. */
export function EnrolmentForm({
  onSubmit,
  submitting,
  submitLabel,
  extraActions,
  onCancel,
  children,
}: EnrolmentFormProps) {
  const t = useTranslate();
  return (
    <form className="account-form" noValidate onSubmit={onSubmit}>
      {children}
      <div className="account-actions">
        <Button type="submit" pending={submitting}>
          {submitLabel}
        </Button>
        {extraActions}
        <Button variant="quiet" onClick={onCancel}>
          {t("account.cancel")}
        </Button>
      </div>
    </form>
  );
}
