import type { AmrEntry } from "../tokens/access-token.ts";
import type { Sql } from "../users/user-queries.ts";
import { listIdentities } from "../users/user-queries.ts";

/**
 * GoTrue adds `provider: <sso provider id>` to an `sso/saml` amr entry when the user's single
 * identity is an SSO one (auth: internal/models/sessions.go CalculateAALAndAMR).
 */
export async function withSsoProvider(sql: Sql, userId: string, amr: AmrEntry[]): Promise<AmrEntry[]> {
  if (!amr.some((entry) => entry.method === "sso/saml")) return amr;
  const identities = await listIdentities(sql, userId);
  const only = identities.length === 1 ? identities[0] : undefined;
  if (!only?.provider.startsWith("sso:")) return amr;
  const provider = only.provider.slice("sso:".length);
  return amr.map((entry) => (entry.method === "sso/saml" ? { ...entry, provider } : entry));
}
