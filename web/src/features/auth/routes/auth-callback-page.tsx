import { useQuery } from "@tanstack/react-query";
import { AuthPKCECodeVerifierMissingError } from "@supabase/supabase-js";
import { authQueryKeys } from "../../../lib/auth/auth-query-keys";
import { completeCallback } from "../api/complete-link-sign-in";
import { LinkProblem } from "../components/link-problem";
import { LinkProgress } from "../components/link-progress";

/**
 * `/:locale/auth/callback` — where email links and providers return (PKCE `?code=`). On success
 * the auth event handler moves on; a link with an error, or opened in another browser, shows the
 * invalid-link screen.
 */
export function AuthCallbackPage() {
  const outcome = useQuery({ queryKey: [...authQueryKeys.all, "callback"], queryFn: completeCallback, retry: false, gcTime: 0 });
  if (outcome.isError) return <LinkProblem error={outcome.error} />;
  if (outcome.data === "noSession") return <LinkProblem error={new AuthPKCECodeVerifierMissingError()} />;
  return <LinkProgress />;
}
