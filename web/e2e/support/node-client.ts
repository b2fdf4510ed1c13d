/**
 * supabase-js in Node, signed in as a test account: the same client an attacker would use to ask
 * the API directly, bypassing the app's screens. Only REST and auth are used.
 */
import { createClient, type SupabaseClient, type SupabaseClientOptions } from "@supabase/supabase-js";
import WebSocket from "ws";
import type { Account } from "./accounts";
import type { StackStatus } from "./environment";

export async function signedInClient(
  stack: StackStatus,
  account: Pick<Account, "email" | "password">,
): Promise<SupabaseClient> {
  const client = createClient(stack.API_URL, stack.PUBLISHABLE_KEY, {
    auth: { persistSession: false, autoRefreshToken: false },
    // Node 20 has no global WebSocket; supabase-js builds its realtime client up front.
    realtime: {
      transport: WebSocket as unknown as NonNullable<SupabaseClientOptions<"public">["realtime"]>["transport"],
    },
  });
  const { error } = await client.auth.signInWithPassword({ email: account.email, password: account.password });
  if (error) throw error;
  return client;
}
