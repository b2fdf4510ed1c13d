import { Alert } from "../../../components/ui/alert";
import { Button } from "../../../components/ui/button";
import { FunctionCallError } from "../../../lib/function-error";
import { LocaleLink } from "../../../lib/i18n/locale-link";
import type { MessageId } from "../../../lib/i18n/messages";
import { useTranslate } from "../../../lib/i18n/use-translate";
import { getSupabase } from "../../../lib/supabase";

const problems: Record<string, MessageId> = {
  invitation_not_found: "acceptInvite.error.invitation_not_found",
  invitation_expired: "acceptInvite.error.invitation_expired",
  invitation_used: "acceptInvite.error.invitation_used",
  email_mismatch: "acceptInvite.error.email_mismatch",
  insufficient_aal: "auth.error.insufficientAal",
};

/**
 * Why the invitation could not be accepted, with the way forward: another account (sign out; the
 * app then asks to sign in and comes back here), a retry, or the workspace list.
 */
export function InvitationProblem({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const t = useTranslate();
  const code = error instanceof FunctionCallError ? error.code : "unknown";
  const message = problems[code] ?? "acceptInvite.error.failed";
  const actions = (
    <>
      {code === "email_mismatch" && (
        <Button onClick={() => void getSupabase().auth.signOut()}>{t("acceptInvite.signOut")}</Button>
      )}
      {message === "acceptInvite.error.failed" && <Button onClick={onRetry}>{t("chat.retry")}</Button>}
      <LocaleLink to="/w">{t("acceptInvite.toWorkspaces")}</LocaleLink>
    </>
  );
  return (
    <Alert tone="error" actions={actions}>
      <p>{t(message)}</p>
    </Alert>
  );
}
