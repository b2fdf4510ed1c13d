import { useQuery } from "@tanstack/react-query";
import type { Provider, UserIdentity } from "@supabase/supabase-js";
import { authQueryKeys } from "../../../lib/auth/auth-query-keys";
import { getSupabase } from "../../../lib/supabase";

/** The identities linked to the person's account (`GET /user`'s `identities`). */
export async function listIdentities(): Promise<UserIdentity[]> {
  const { data, error } = await getSupabase().auth.getUserIdentities();
  if (error) throw error;
  return data.identities;
}

export function useIdentities() {
  return useQuery({ queryKey: authQueryKeys.identities(), queryFn: listIdentities, retry: false, staleTime: 0 });
}

/**
 * Leaves for the provider to link it to this account (PKCE, back through `/auth/callback`). The
 * backend refuses with `manual_linking_disabled` unless `enable_manual_linking` is on.
 */
export async function linkIdentity(provider: string, redirectTo: string): Promise<void> {
  const { error } = await getSupabase().auth.linkIdentity({ provider: provider as Provider, options: { redirectTo } });
  if (error) throw error;
}

/** Unlinks an identity; the backend refuses the last one (`single_identity_not_deletable`). */
export async function unlinkIdentity(identity: UserIdentity): Promise<void> {
  const auth = getSupabase().auth;
  const { error } = await auth.unlinkIdentity(identity);
  if (error) throw error;
  // The token's app_metadata.providers changes too: take a fresh one.
  const refreshed = await auth.refreshSession();
  if (refreshed.error) throw refreshed.error;
}
