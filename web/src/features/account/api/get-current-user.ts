import { useQuery } from "@tanstack/react-query";
import type { User } from "@supabase/supabase-js";
import { authQueryKeys } from "../../../lib/auth/auth-query-keys";
import { getSupabase } from "../../../lib/supabase";

/**
 * The signed-in user as the backend has it now (`GET /user`), not the copy in the token. A session
 * revoked elsewhere fails here; supabase-js then drops it and emits SIGNED_OUT.
 */
export async function getCurrentUser(): Promise<User> {
  const { data, error } = await getSupabase().auth.getUser();
  if (error) throw error;
  return data.user;
}

/** The current user; USER_UPDATED replaces it in the cache, and it refreshes on window focus. */
export function useCurrentUser() {
  return useQuery({ queryKey: authQueryKeys.user(), queryFn: getCurrentUser, staleTime: 0, retry: false });
}
