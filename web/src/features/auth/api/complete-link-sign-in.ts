import type { EmailOtpType } from "@supabase/supabase-js";
import { loadSupabase } from "../../../lib/supabase";

export type LinkOutcome = "signedIn" | "noSession";

/**
 * `/auth/callback`: supabase-js exchanges a `?code=` (or reads an error the backend put in the
 * URL) while it initializes; this waits for that and reports the outcome. A code without this
 * browser's PKCE verifier (the link opened elsewhere) leaves no session. Throws the auth error.
 */
export async function completeCallback(): Promise<LinkOutcome> {
  const auth = (await loadSupabase()).auth;
  const { error } = await auth.initialize();
  if (error) throw error;
  const { data } = await auth.getSession();
  return data.session ? "signedIn" : "noSession";
}

const emailOtpTypes = new Set<string>(["signup", "invite", "magiclink", "recovery", "email_change", "email"]);

export function isEmailOtpType(value: string | null): value is EmailOtpType {
  return value !== null && emailOtpTypes.has(value);
}

/**
 * `/auth/confirm?token_hash=…&type=…`: verifies a link built from `{{ .TokenHash }}` (works in
 * any browser, unlike a PKCE code). Email-change first halves return no session.
 */
export async function verifyTokenHash(tokenHash: string, type: EmailOtpType): Promise<LinkOutcome> {
  const { data, error } = await (await loadSupabase()).auth.verifyOtp({ token_hash: tokenHash, type });
  if (error) throw error;
  return data.session ? "signedIn" : "noSession";
}
