import MailCheck from "lucide-react/icons/mail-check";
import { FormattedMessage } from "react-intl";
import { Alert } from "../../../components/ui/alert";
import { ResendButton } from "./resend-button";

type CheckEmailPanelProps = {
  email: string;
  onResend: () => Promise<void>;
  /** Sign-in links and password resets: say "if there is an account", so the screen never tells whether one exists. */
  ifAccountExists?: boolean;
  children?: React.ReactNode;
};

/**
 * "Check your inbox" after an email went out: which address, and a resend with a cooldown.
 * `children` is what the person can do meanwhile (enter the emailed code).
 */
export function CheckEmailPanel({ email, onResend, ifAccountExists = false, children }: CheckEmailPanelProps) {
  return (
    <>
      <Alert tone="success">
        <p>
          <MailCheck size={18} aria-hidden="true" />{" "}
          <FormattedMessage
            id={ifAccountExists ? "auth.checkEmail.sentIfAccount" : "auth.checkEmail.sent"}
            values={{ email: <bdi dir="ltr">{email}</bdi> }}
          />
        </p>
      </Alert>
      {children}
      <ResendButton send={onResend} />
    </>
  );
}
