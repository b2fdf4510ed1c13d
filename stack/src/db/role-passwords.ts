import { createHash, createHmac, pbkdf2Sync } from "node:crypto";
import pg from "pg";
import { WELL_KNOWN_DB_PASSWORD } from "./database-password.ts";
import { databaseUrl } from "./database.ts";
import { DB_USER } from "./postgres-server.ts";

/**
 * True when `stored` (a `pg_authid.rolpassword`) is the verifier of `password`: SCRAM-SHA-256 as
 * PostgreSQL stores it (`SCRAM-SHA-256$<iterations>:<salt>$<StoredKey>:<ServerKey>`, RFC 5802/7677:
 * StoredKey = SHA-256(HMAC(PBKDF2(password, salt, iterations), "Client Key"))), or the older
 * `md5` + md5(password + role name).
 */
export function passwordMatches(stored: string, role: string, password: string): boolean {
  if (stored.startsWith("md5"))
    return (
      stored ===
      `md5${createHash("md5")
        .update(password + role)
        .digest("hex")}`
    );
  const match = /^SCRAM-SHA-256\$(\d+):([^$]+)\$([^:]+):/.exec(stored);
  if (!match) return false;
  const [, iterations, salt, storedKey] = match as unknown as [string, string, string, string];
  const salted = pbkdf2Sync(password.normalize("NFKC"), Buffer.from(salt, "base64"), Number(iterations), 32, "sha256");
  const clientKey = createHmac("sha256", salted).update("Client Key").digest();
  const expected = Buffer.from(storedKey, "base64");
  // A plain compare: only the well-known password's key is checked here, nothing secret to time.
  return expected.equals(createHash("sha256").update(clientKey).digest());
}

/**
 * Gives every login role whose password is still the well-known development one (the stack's
 * platform roles are created with it, as the Supabase CLI's are) `password` instead. Needs a
 * superuser connection (pg_authid). Returns the roles changed.
 */
export async function replaceWellKnownPasswords(client: pg.ClientBase, password: string): Promise<string[]> {
  const { rows } = await client.query<{ rolname: string; rolpassword: string }>(
    "select rolname, rolpassword from pg_catalog.pg_authid where rolcanlogin and rolpassword is not null order by rolname",
  );
  const changed = rows
    .filter((row) => passwordMatches(row.rolpassword, row.rolname, WELL_KNOWN_DB_PASSWORD))
    .map((row) => row.rolname);
  for (const role of changed)
    await client.query(`alter role ${client.escapeIdentifier(role)} password ${client.escapeLiteral(password)}`);
  return changed;
}

/**
 * Makes `password` the one of every login role of the database on `port`: a data folder made
 * before it had a password of its own (or restored from a backup of one) still has the well-known
 * password; then the superuser is connected to with that one and every role rotated. Returns the
 * roles changed (none when all had `password` already).
 * @throws when neither `password` nor the well-known one lets the superuser in.
 */
export async function adoptDatabasePassword(port: number, password: string): Promise<string[]> {
  let client = new pg.Client({ connectionString: databaseUrl(port, DB_USER, password) });
  const rotated: string[] = [];
  try {
    await client.connect();
  } catch (error) {
    if ((error as { code?: string }).code !== "28P01" || password === WELL_KNOWN_DB_PASSWORD) throw error;
    client = new pg.Client({ connectionString: databaseUrl(port, DB_USER, WELL_KNOWN_DB_PASSWORD) });
    await client.connect().catch(() => {
      throw new Error(
        `the database refused the password in the data folder's db-password file (and the well-known one): put the superuser's password there`,
      );
    });
    await client.query(`alter role ${DB_USER} password ${client.escapeLiteral(password)}`);
    rotated.push(DB_USER);
  }
  try {
    return [...rotated, ...(await replaceWellKnownPasswords(client, password))];
  } finally {
    await client.end();
  }
}
