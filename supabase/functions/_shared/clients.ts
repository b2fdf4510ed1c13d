import { createClient, type SupabaseClient, type User } from "npm:@supabase/supabase-js@2";
import { FunctionError } from "./http.ts";

const env = (name: string): string => {
  const value = Deno.env.get(name);
  if (!value) throw new Error(`${name} is not set`);
  return value;
};

const serverOptions = { auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false } };

/** A client with the service role: bypasses RLS, reaches the auth admin API. Server-side only. */
export function adminClient(): SupabaseClient {
  return createClient(env("SUPABASE_URL"), env("SUPABASE_SERVICE_ROLE_KEY"), serverOptions);
}

/** A client with the anon key and no session (for the auth endpoints a signed-out user calls). */
export function anonClient(): SupabaseClient {
  return createClient(env("SUPABASE_URL"), env("SUPABASE_ANON_KEY"), serverOptions);
}

/**
 * A client acting as the signed-in caller (their access token on every request), so Row Level
 * Security decides what it reads and writes — as the app's own client would.
 */
export function callerClient(caller: Caller): SupabaseClient {
  return createClient(env("SUPABASE_URL"), env("SUPABASE_ANON_KEY"), {
    ...serverOptions,
    global: { headers: { Authorization: `Bearer ${caller.token}` } },
  });
}

export interface Caller {
  user: User;
  /** The caller's access token, verified by the auth service. */
  token: string;
  /** The token's claims (already verified). */
  claims: Record<string, unknown>;
}

/**
 * The signed-in user calling the function, verified with the auth service; 401 otherwise. A person
 * with a verified second factor must call with an aal2 token (403 insufficient_aal): functions act
 * with the service role, which RLS's aal2 rule (migration *_require_aal2_for_mfa_users.sql) does
 * not reach, so they apply the same rule here.
 */
export async function requireCaller(req: Request): Promise<Caller> {
  const token = /^Bearer\s+(.+)$/i.exec(req.headers.get("Authorization") ?? "")?.[1]?.trim();
  if (!token) throw new FunctionError("not_authenticated", "Sign in first.");
  const { data, error } = await anonClient().auth.getUser(token);
  if (error || !data.user || data.user.is_anonymous) throw new FunctionError("not_authenticated", "Sign in first.");
  const claims = decodeClaims(token);
  const hasVerifiedFactor = (data.user.factors ?? []).some((factor) => factor.status === "verified");
  if (hasVerifiedFactor && claims.aal !== "aal2") {
    throw new FunctionError("insufficient_aal", "Enter the code from your second factor first.");
  }
  return { user: data.user, token, claims };
}

function decodeClaims(token: string): Record<string, unknown> {
  try {
    const payload = token.split(".")[1] ?? "";
    const padded = payload
      .replace(/-/g, "+")
      .replace(/_/g, "/")
      .padEnd(Math.ceil(payload.length / 4) * 4, "=");
    return JSON.parse(new TextDecoder().decode(Uint8Array.from(atob(padded), (c) => c.charCodeAt(0))));
  } catch {
    return {};
  }
}
