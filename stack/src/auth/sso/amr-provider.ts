import type { AmrEntry } from "../tokens/access-token.ts";
import type { IdentityRow } from "../users/user-row.ts";

/**
 * GoTrue adds `provider: <sso provider id>` to an `sso/saml` amr entry when the user's single
 * identity is an SSO one (auth: internal/models/sessions.go CalculateAALAndAMR).
 */
export function withSsoProvider(amr: AmrEntry[], identities: readonly IdentityRow[]): AmrEntry[] {
  if (!amr.some((entry) => entry.method === "sso/saml")) return amr;
  const only = identities.length === 1 ? identities[0] : undefined;
  if (!only?.provider.startsWith("sso:")) return amr;
  const provider = only.provider.slice("sso:".length);
  return amr.map((entry) => (entry.method === "sso/saml" ? { ...entry, provider } : entry));
}
