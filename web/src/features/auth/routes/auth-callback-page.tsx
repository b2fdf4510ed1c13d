import { useQuery } from "@tanstack/react-query";
import { AuthPKCECodeVerifierMissingError } from "@supabase/auth-js";
import { useLocation } from "react-router";
import { authQueryKeys } from "../../../lib/auth/auth-query-keys";
import { isHalfConfirmedLink } from "../../../lib/auth/link-message";
import { completeCallback } from "../api/complete-link-sign-in";
import { LinkHalfDone } from "../components/link-half-done";
import { LinkProblem } from "../components/link-problem";
import { LinkProgress } from "../components/link-progress";

/**
 * `/:locale/auth/callback` — where email links and providers return (PKCE `?code=`). On success
 * the auth event handler moves on; a link with an error, or opened in another browser, shows the
 * invalid-link screen; the first half of an email change says to confirm the other address.
 */
export function AuthCallbackPage() {
  const { search, hash } = useLocation();
  const outcome = useQuery({
    queryKey: [...authQueryKeys.all, "callback"],
    queryFn: completeCallback,
    retry: false,
    gcTime: 0,
  });
  if (outcome.isError) return <LinkProblem error={outcome.error} />;
  if (isHalfConfirmedLink(search, hash)) return <LinkHalfDone />;
  if (outcome.data === "noSession") return <LinkProblem error={new AuthPKCECodeVerifierMissingError()} />;
  return <LinkProgress />;
}
