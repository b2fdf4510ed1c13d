import type { StackConfig } from "../config/index.ts";
import {
  createKeyRing,
  DEFAULT_JWT_SECRET,
  loadOrCreateStoredKeys,
  readSigningKeysFile,
  signingKeysFilePath,
  storedKeysFile,
  type KeyRing,
  type StoredKeys,
  type StoredSigningKey,
} from "../gateway/index.ts";

/** Where the signing keys come from: the data folder's key file, or `[auth] signing_keys_path`. */
export interface SigningKeySource {
  kind: "data" | "file";
  file: string;
  stored: StoredKeys;
  signingKeys: StoredSigningKey[];
}

/** Reads the active signing keys (first signs) and the stored API keys. */
export async function loadSigningKeySource(
  config: StackConfig,
  workdir: string,
  dataDir: string,
): Promise<SigningKeySource> {
  const stored = await loadOrCreateStoredKeys(dataDir);
  const configuredPath = config.auth.signing_keys_path;
  if (configuredPath) {
    const signingKeys = await readSigningKeysFile(workdir, configuredPath);
    return { kind: "file", file: signingKeysFilePath(workdir, configuredPath), stored, signingKeys };
  }
  return { kind: "data", file: storedKeysFile(dataDir), stored, signingKeys: stored.signing_keys };
}

/**
 * The stack's keys: generated once into the data folder, or the JWK set `[auth] signing_keys_path`
 * names (its first key then also signs the legacy anon/service_role keys, as the CLI does).
 */
export async function loadKeyRing(config: StackConfig, workdir: string, dataDir: string): Promise<KeyRing> {
  const source = await loadSigningKeySource(config, workdir, dataDir);
  return createKeyRing({
    signingKeys: source.signingKeys,
    jwtSecret: config.auth.jwt_secret || DEFAULT_JWT_SECRET,
    publishableKey: source.stored.publishable_key,
    secretKey: source.stored.secret_key,
    legacyKeysUseSigningKey: source.kind === "file",
  });
}

/**
 * Re-reads the signing keys into a running stack's ring (after `parley-stack keys rotate|retire`, or
 * an edit of the `signing_keys_path` file followed by `parley-stack keys reload`).
 */
export async function reloadSigningKeys(
  ring: KeyRing,
  config: StackConfig,
  workdir: string,
  dataDir: string,
): Promise<StoredSigningKey[]> {
  const source = await loadSigningKeySource(config, workdir, dataDir);
  await ring.replaceSigningKeys(source.signingKeys);
  return source.signingKeys;
}
