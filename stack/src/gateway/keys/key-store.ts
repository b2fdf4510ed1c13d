import { randomBytes, randomUUID } from "node:crypto";
import { rename, writeFile } from "node:fs/promises";
import path from "node:path";
import { exportJWK, generateKeyPair, type JWK } from "jose";
import { loadOrCreateSecretFile } from "../secret-file.ts";

/** A private signing key as kept on disk: a JWK with `kid` and `alg` (ES256 or RS256). */
export interface StoredSigningKey extends JWK {
  kid: string;
  alg: "ES256" | "RS256";
}

/** A key taken out of use by `parley-stack keys retire`: only its id is kept, for `keys list`. */
export interface RetiredSigningKey {
  kid: string;
  alg: string;
  retired_at: string;
}

/** What the stack generates on first start and keeps in its data folder. */
export interface StoredKeys {
  /** Active keys: the first signs new tokens, every one verifies. */
  signing_keys: StoredSigningKey[];
  retired_signing_keys?: RetiredSigningKey[];
  publishable_key: string;
  secret_key: string;
}

/** The data folder's key file (`keys.json`). */
export const storedKeysFile = (dataDir: string) => path.join(dataDir, "keys.json");

/**
 * Loads the stack's generated keys from the data folder, creating them on first start.
 * Matches the Supabase CLI's local setup: one ES256 signing key with a `kid`, plus
 * `sb_publishable_…` / `sb_secret_…` keys; unlike the CLI's fixed defaults they are random per data folder.
 */
export function loadOrCreateStoredKeys(dataDir: string): Promise<StoredKeys> {
  return loadOrCreateSecretFile(storedKeysFile(dataDir), async (): Promise<StoredKeys> => ({
    signing_keys: [await generateSigningKey()],
    publishable_key: `sb_publishable_${randomToken(22)}`,
    secret_key: `sb_secret_${randomToken(22)}`,
  }));
}

/** Replaces the data folder's key file in one step (write then rename), so a reader never sees half of it. */
export async function writeStoredKeys(dataDir: string, keys: StoredKeys): Promise<void> {
  const file = storedKeysFile(dataDir);
  const temporary = `${file}.${process.pid}.tmp`;
  await writeFile(temporary, JSON.stringify(keys, null, 2), { mode: 0o600 });
  await rename(temporary, file);
}

/** A fresh ES256 (P-256) private key as a JWK, as the CLI's default signing key is. */
export async function generateSigningKey(): Promise<StoredSigningKey> {
  const { privateKey } = await generateKeyPair("ES256", { extractable: true });
  const jwk = await exportJWK(privateKey);
  return { ...jwk, kid: randomUUID(), alg: "ES256", use: "sig", key_ops: ["sign", "verify"] };
}

function randomToken(length: number): string {
  return randomBytes(length * 2)
    .toString("base64url")
    .replace(/[-_]/g, "")
    .slice(0, length);
}
