import { isAuthImplicitGrantRedirectError } from "@supabase/auth-js";
import LinkIcon from "lucide-react/icons/link";
import { describeAuthError } from "../../../lib/auth/auth-errors";
import { AuthErrorAlert } from "../../../lib/auth/auth-error-alert";
import { useTranslate } from "../../../lib/i18n/use-translate";
import { AuthCard } from "./auth-card";

/** `error_code`s an email link comes back with; any other error in the URL came from a provider flow. */
const emailLinkCodes = new Set([
  "otp_expired",
  "otp_disabled",
  "flow_state_not_found",
  "flow_state_expired",
  "flow_state_already_used",
  "bad_code_verifier",
]);

/** True for an error a provider sign-in or identity link sent back to `/auth/callback`. */
export function isProviderReturnError(error: unknown): boolean {
  return isAuthImplicitGrantRedirectError(error) && !emailLinkCodes.has(error.details?.code ?? "");
}

/**
 * The invalid-link screen: a used, expired, tampered or foreign link, and how to get a new one —
 * or, for an error a provider sent back (denied, identity already linked), what happened there.
 */
export function LinkProblem({ error }: { error: unknown }) {
  const t = useTranslate();
  const fromProvider = isProviderReturnError(error);
  return (
    <AuthCard
      title={t(fromProvider ? "identities.callback.title" : "auth.link.invalidTitle")}
      lead={t(fromProvider ? "identities.callback.lead" : "auth.link.invalidLead")}
    >
      <LinkIcon size={32} aria-hidden="true" />
      <AuthErrorAlert problem={describeAuthError(error)} />
    </AuthCard>
  );
}
