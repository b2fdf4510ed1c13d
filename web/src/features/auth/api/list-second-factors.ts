import { useQuery } from "@tanstack/react-query";
import { authQueryKeys } from "../../../lib/auth/auth-query-keys";
import { listVerifiedFactors } from "../../../lib/auth/mfa";

/** The verified factors the MFA step can ask for. */
export function useSecondFactors() {
  return useQuery({ queryKey: authQueryKeys.factors(), queryFn: listVerifiedFactors, retry: false, staleTime: 0 });
}
