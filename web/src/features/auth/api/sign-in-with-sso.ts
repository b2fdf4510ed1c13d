import { loadSupabase } from "../../../lib/supabase";

/** The domain SSO is looked up by: the part after the last `@` of a work email. */
export function emailDomain(email: string): string {
  return email
    .slice(email.lastIndexOf("@") + 1)
    .trim()
    .toLowerCase();
}

/**
 * Leaves for the identity provider of the email's domain (`POST /sso`, PKCE); supabase-js
 * redirects the browser. `sso_provider_not_found` when no provider has that domain.
 */
export async function signInWithSso(email: string, redirectTo: string): Promise<void> {
  const { error } = await (
    await loadSupabase()
  ).auth.signInWithSSO({ domain: emailDomain(email), options: { redirectTo } });
  if (error) throw error;
}
