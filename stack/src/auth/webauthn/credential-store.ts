import type { Pool } from "pg";
import type { Sql } from "../users/user-queries.ts";

/** A row of `auth.webauthn_credentials` (a registered passkey). */
export interface PasskeyRow {
  id: string;
  user_id: string;
  credential_id: Buffer;
  public_key: Buffer;
  sign_count: string;
  transports: string[];
  friendly_name: string;
  created_at: Date;
  last_used_at: Date | null;
}

/** A passkey as GET /passkeys lists it (GoTrue's PasskeyListItem; empty name and unused time omitted). */
export interface PasskeyJson {
  id: string;
  friendly_name?: string;
  created_at: string;
  last_used_at?: string;
}

export const passkeyJson = (row: PasskeyRow): PasskeyJson => ({
  id: row.id,
  ...(row.friendly_name !== "" ? { friendly_name: row.friendly_name } : {}),
  created_at: row.created_at.toISOString(),
  ...(row.last_used_at ? { last_used_at: row.last_used_at.toISOString() } : {}),
});

export async function listPasskeys(sql: Sql | Pool, userId: string): Promise<PasskeyRow[]> {
  const { rows } = await sql.query<PasskeyRow>(
    "select * from auth.webauthn_credentials where user_id = $1 order by created_at",
    [userId],
  );
  return rows;
}

export async function findPasskeyByCredentialId(pool: Pool, credentialId: Buffer): Promise<PasskeyRow | undefined> {
  const { rows } = await pool.query<PasskeyRow>("select * from auth.webauthn_credentials where credential_id = $1", [
    credentialId,
  ]);
  return rows[0];
}

/** The caller's own passkey, or undefined (another user's passkey is as unknown as a missing one). */
export async function findOwnedPasskey(pool: Pool, userId: string, id: string): Promise<PasskeyRow | undefined> {
  const { rows } = await pool.query<PasskeyRow>(
    "select * from auth.webauthn_credentials where id = $1 and user_id = $2",
    [id, userId],
  );
  return rows[0];
}

/** A new passkey row; a credential id registered before breaks the unique index (SQLSTATE 23505). */
export async function insertPasskey(
  sql: Sql,
  input: {
    userId: string;
    credentialId: Buffer;
    publicKey: Buffer;
    signCount: number;
    transports: string[];
    aaguid: string;
    attestationType: string;
    backupEligible: boolean;
    backedUp: boolean;
    friendlyName: string;
  },
): Promise<PasskeyRow> {
  const { rows } = await sql.query<PasskeyRow>(
    `insert into auth.webauthn_credentials (user_id, credential_id, public_key, sign_count, transports, aaguid,
       attestation_type, backup_eligible, backed_up, friendly_name)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10) returning *`,
    [
      input.userId,
      input.credentialId,
      input.publicKey,
      input.signCount,
      JSON.stringify(input.transports),
      input.aaguid,
      input.attestationType,
      input.backupEligible,
      input.backedUp,
      input.friendlyName,
    ],
  );
  return rows[0] as PasskeyRow;
}

/** After a sign-in: the authenticator's new sign count and the time of use. */
export async function recordPasskeyUse(sql: Sql, id: string, signCount: number): Promise<void> {
  await sql.query(
    "update auth.webauthn_credentials set sign_count = $2, last_used_at = now(), updated_at = now() where id = $1",
    [id, signCount],
  );
}
