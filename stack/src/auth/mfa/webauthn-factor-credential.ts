import type { WebAuthnCredential } from "@simplewebauthn/server";
import type { Sql } from "../users/user-queries.ts";

/**
 * The credential a WebAuthn factor keeps in `mfa_factors.web_authn_credential` (base64url id and
 * COSE public key, sign count, transports). GoTrue stores go-webauthn's own JSON there; the stack
 * stores this shape, so a factor is verified by the service that enrolled it.
 */
export interface StoredFactorCredential {
  id: string;
  public_key: string;
  sign_count: number;
  transports: string[];
}

export const toLibraryCredential = (stored: StoredFactorCredential): WebAuthnCredential => ({
  id: stored.id,
  publicKey: new Uint8Array(Buffer.from(stored.public_key, "base64url")),
  counter: stored.sign_count,
});

/** The user's verified WebAuthn factors with their credentials (the allowed list of a request challenge). */
export async function verifiedFactorCredentials(
  sql: Sql,
  userId: string,
): Promise<{ factorId: string; credential: StoredFactorCredential }[]> {
  const { rows } = await sql.query<{ id: string; web_authn_credential: StoredFactorCredential | null }>(
    `select id, web_authn_credential from auth.mfa_factors
      where user_id = $1 and factor_type = 'webauthn' and status = 'verified' and web_authn_credential is not null
      order by created_at`,
    [userId],
  );
  return rows.flatMap((row) =>
    row.web_authn_credential ? [{ factorId: row.id, credential: row.web_authn_credential }] : [],
  );
}

/** Saves the factor's credential (after registration) or its new sign count (after an assertion). */
export async function saveFactorCredential(
  sql: Sql,
  factorId: string,
  credential: StoredFactorCredential,
  aaguid?: string,
): Promise<void> {
  await sql.query(
    `update auth.mfa_factors set web_authn_credential = $2, web_authn_aaguid = coalesce($3, web_authn_aaguid),
       updated_at = now() where id = $1`,
    [factorId, JSON.stringify(credential), aaguid ?? null],
  );
}
