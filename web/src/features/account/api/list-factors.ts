import { useQuery } from "@tanstack/react-query";
import type { Factor } from "@supabase/supabase-js";
import { authQueryKeys } from "../../../lib/auth/auth-query-keys";
import { getSupabase } from "../../../lib/supabase";

/** Every second factor of the person (verified and half-enrolled), as `GET /user` has them now. */
export async function listFactors(): Promise<Factor[]> {
  const { data, error } = await getSupabase().auth.mfa.listFactors();
  if (error) throw error;
  return data.all;
}

export function useFactors() {
  return useQuery({ queryKey: authQueryKeys.factors(), queryFn: listFactors, retry: false, staleTime: 0 });
}
