import type { Factor } from "@supabase/supabase-js";
import { useQuery } from "@tanstack/react-query";
import { loadSupabase } from "../supabase";
import { authQueryKeys } from "./auth-query-keys";

const handledKinds = new Set<string>(["totp", "phone", "webauthn"]);

/**
 * The person's authenticator-app, phone and security-key factors (the kinds Parley handles), verified or half-made, as
 * `GET /user` has them now.
 */
async function listFactors(): Promise<Factor[]> {
  const { data, error } = await (await loadSupabase()).auth.mfa.listFactors();
  if (error) throw error;
  return data.all.filter((factor) => handledKinds.has(factor.factor_type));
}

/** The verified factors among `factors`: those a code can be asked from. */
export function verifiedFactors(factors: Factor[]): Factor[] {
  return factors.filter((factor) => factor.status === "verified");
}

/**
 * The person's factors, read fresh whenever a screen shows them. The security center and the MFA
 * step share this one cache entry (`authQueryKeys.factors()`), so it always holds the same list;
 * `select` narrows it for a screen.
 *
 * @example const factors = useFactors(verifiedFactors); // the MFA step: verified factors only
 */
export function useFactors<T = Factor[]>(select?: (factors: Factor[]) => T) {
  return useQuery({ queryKey: authQueryKeys.factors(), queryFn: listFactors, retry: false, staleTime: 0, select });
}
