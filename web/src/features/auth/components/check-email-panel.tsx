import { MailCheck } from "lucide-react";
import { FormattedMessage } from "react-intl";
import { Alert } from "../../../components/ui/alert";
import { ResendButton } from "./resend-button";

/**
 * "Check your inbox" after an email went out: which address, and a resend with a cooldown.
 * `children` is what the person can do meanwhile (enter the emailed code).
 */
export function CheckEmailPanel({ email, onResend, children }: { email: string; onResend: () => Promise<void>; children?: React.ReactNode }) {
  return (
    <>
      <Alert tone="success">
        <p>
          <MailCheck size={18} aria-hidden="true" />{" "}
          <FormattedMessage id="auth.checkEmail.sent" values={{ email: <bdi dir="ltr">{email}</bdi> }} />
        </p>
      </Alert>
      {children}
      <ResendButton send={onResend} />
    </>
  );
}
