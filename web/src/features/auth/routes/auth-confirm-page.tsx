import { useQuery } from "@tanstack/react-query";
import { AuthImplicitGrantRedirectError } from "@supabase/auth-js";
import { useSearchParams } from "react-router";
import { authQueryKeys } from "../../../lib/auth/auth-query-keys";
import { isEmailOtpType, verifyTokenHash } from "../api/complete-link-sign-in";
import { LinkHalfDone } from "../components/link-half-done";
import { LinkProblem } from "../components/link-problem";
import { LinkProgress } from "../components/link-progress";

/**
 * `/:locale/auth/confirm?token_hash=…&type=…` — for email templates that link with
 * `{{ .TokenHash }}`: verifies in any browser. The first half of an email change has no session
 * and says to confirm the other address too.
 */
export function AuthConfirmPage() {
  const [params] = useSearchParams();
  const tokenHash = params.get("token_hash");
  const type = params.get("type");
  const outcome = useQuery({
    queryKey: [...authQueryKeys.all, "confirm", tokenHash, type],
    queryFn: () => {
      if (!tokenHash || !isEmailOtpType(type)) throw new AuthImplicitGrantRedirectError("missing token_hash or type");
      return verifyTokenHash(tokenHash, type);
    },
    retry: false,
    gcTime: 0,
  });
  if (outcome.isError) return <LinkProblem error={outcome.error} />;
  if (outcome.data === "noSession") return <LinkHalfDone />;
  return <LinkProgress />;
}
