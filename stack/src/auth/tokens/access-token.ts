import type { KeyRing } from "../../gateway/index.ts";
import type { UserRow } from "../users/user-row.ts";

export interface AmrEntry {
  method: string;
  timestamp: number;
  /** `sso/saml` entries: the SSO provider's id. */
  provider?: string;
}

export interface AccessTokenInput {
  user: UserRow;
  sessionId: string;
  aal: string;
  amr: AmrEntry[];
  issuer: string;
  expirySeconds: number;
  now?: Date;
  /** Rewrites the claims before signing (the custom access token hook). */
  customize?: (claims: Record<string, unknown>) => Promise<Record<string, unknown>>;
}

/**
 * Signs an access token with exactly the hosted claims: ES256 with `kid`, no jti/nbf.
 * @example const { token, exp } = await signAccessToken(keys, { user, sessionId, aal: "aal1", amr, issuer, expirySeconds: 3600 });
 */
export async function signAccessToken(
  keys: KeyRing,
  input: AccessTokenInput,
): Promise<{ token: string; exp: number; iat: number }> {
  const iat = Math.floor((input.now ?? new Date()).getTime() / 1000);
  const exp = iat + input.expirySeconds;
  const { user } = input;
  const claims: Record<string, unknown> = {
    aud: user.aud ?? "authenticated",
    exp,
    iat,
    iss: input.issuer,
    sub: user.id,
    email: user.email ?? "",
    phone: user.phone ?? "",
    app_metadata: user.raw_app_meta_data ?? {},
    user_metadata: user.raw_user_meta_data ?? {},
    role: user.role || "authenticated",
    aal: input.aal,
    amr: input.amr,
    session_id: input.sessionId,
    is_anonymous: user.is_anonymous,
  };
  const token = await keys.sign(input.customize ? await input.customize(claims) : claims);
  return { token, exp, iat };
}
