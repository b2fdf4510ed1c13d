import { useQuery } from "@tanstack/react-query";
import { authQueryKeys } from "../../../lib/auth/auth-query-keys";
import { getSupabase } from "../../../lib/supabase";

/** One of the person's passkeys as the backend lists it. */
export type Passkey = { id: string; friendly_name?: string; created_at: string; last_used_at?: string };

/** The person's passkeys, oldest first. */
export async function listPasskeys(): Promise<Passkey[]> {
  const { data, error } = await getSupabase().auth.passkey.list();
  if (error) throw error;
  return data;
}

export function usePasskeys(enabled: boolean) {
  return useQuery({ queryKey: authQueryKeys.passkeys(), queryFn: listPasskeys, enabled, retry: false, staleTime: 0 });
}

/** Creates a passkey on this device (the browser asks for the screen lock or a security key) and registers it. */
export async function addPasskey(): Promise<void> {
  const { error } = await getSupabase().auth.registerPasskey();
  if (error) throw error;
}

/** Removes a passkey; it no longer signs in (the device may still list it until the person deletes it there). */
export async function removePasskey(passkeyId: string): Promise<void> {
  const { error } = await getSupabase().auth.passkey.delete({ passkeyId });
  if (error) throw error;
}
