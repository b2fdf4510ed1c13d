import type { Ref } from "react";
import { Alert } from "../../components/ui/alert";
import { Button } from "../../components/ui/button";
import { LocaleLink } from "../i18n/locale-link";
import { useTranslate } from "../i18n/use-translate";
import type { AuthErrorDescription } from "./auth-errors";
import { authPaths } from "./auth-paths";

type AuthErrorAlertProps = {
  problem: AuthErrorDescription;
  /** Offered for `retry`. */
  onRetry?: () => void;
  /** Offered for `resendConfirmation`. */
  onResend?: () => void;
  /** Where `requestNewLink` leads (defaults to sign-in, which sends links and codes). */
  newLinkPath?: string;
  ref?: Ref<HTMLDivElement>;
};

/** An auth error as the person reads it: the localized message, its details, and the way forward. */
export function AuthErrorAlert({
  problem,
  onRetry,
  onResend,
  newLinkPath = authPaths.signIn,
  ref,
}: AuthErrorAlertProps) {
  const t = useTranslate();
  let action = null;
  if (problem.nextStep === "retry" && onRetry)
    action = (
      <Button variant="quiet" onClick={onRetry}>
        {t("auth.action.retry")}
      </Button>
    );
  if (problem.nextStep === "resendConfirmation" && onResend)
    action = (
      <Button variant="quiet" onClick={onResend}>
        {t("auth.action.resendConfirmation")}
      </Button>
    );
  if (problem.nextStep === "requestNewLink")
    action = <LocaleLink to={newLinkPath}>{t("auth.action.requestNewLink")}</LocaleLink>;
  if (problem.nextStep === "signIn")
    action = <LocaleLink to={authPaths.signIn}>{t("auth.action.signInAgain")}</LocaleLink>;
  return (
    <Alert ref={ref} tone="error" actions={action}>
      <p>{t(problem.messageId, problem.values)}</p>
      {problem.details && problem.details.length > 0 && (
        <ul>
          {problem.details.map((id) => (
            <li key={id}>{t(id)}</li>
          ))}
        </ul>
      )}
    </Alert>
  );
}
