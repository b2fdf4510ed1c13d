import { generateSigningKey, type StoredKeys, type StoredSigningKey } from "./key-store.ts";

/** A rotation request the key set cannot honour; the CLI prints the message. */
export class KeyRotationError extends Error {
  override name = "KeyRotationError";
}

/**
 * Adds a fresh ES256 key in front: it signs every new token from now on, while the previous keys
 * keep verifying the tokens they signed until they are retired.
 * @example const { keys, added } = await rotateSigningKeys(stored); await writeStoredKeys(dataDir, keys);
 */
export async function rotateSigningKeys(stored: StoredKeys): Promise<{ keys: StoredKeys; added: StoredSigningKey }> {
  const added = await generateSigningKey();
  return { keys: { ...stored, signing_keys: [added, ...stored.signing_keys] }, added };
}

/**
 * Takes a previously used key out of the set: its public key leaves the JWKS and every token it
 * signed is refused. The key that signs now cannot be retired (rotate first).
 * @example const keys = retireSigningKey(stored, "3f1c…", new Date());
 */
export function retireSigningKey(stored: StoredKeys, kid: string, now: Date): StoredKeys {
  const index = stored.signing_keys.findIndex((key) => key.kid === kid);
  if (index === -1) {
    const retired = stored.retired_signing_keys?.some((key) => key.kid === kid);
    throw new KeyRotationError(retired ? `Signing key ${kid} is already retired.` : `No signing key with kid ${kid}.`);
  }
  if (index === 0) {
    throw new KeyRotationError(
      `Signing key ${kid} signs new tokens; run \`parley-stack keys rotate\` first, then retire it.`,
    );
  }
  const key = stored.signing_keys[index] as StoredSigningKey;
  return {
    ...stored,
    signing_keys: stored.signing_keys.filter((_, i) => i !== index),
    retired_signing_keys: [
      ...(stored.retired_signing_keys ?? []),
      { kid, alg: key.alg, retired_at: now.toISOString() },
    ],
  };
}
