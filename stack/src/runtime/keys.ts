import type { StackConfig } from "../config/index.ts";
import {
  createKeyRing,
  DEFAULT_JWT_SECRET,
  loadOrCreateStoredKeys,
  readSigningKeysFile,
  type KeyRing,
} from "../gateway/index.ts";

/**
 * The stack's keys: generated once into the data folder, or the JWK set `[auth] signing_keys_path`
 * names (its first key then also signs the legacy anon/service_role keys, as the CLI does).
 */
export async function loadKeyRing(config: StackConfig, workdir: string, dataDir: string): Promise<KeyRing> {
  const stored = await loadOrCreateStoredKeys(dataDir);
  const configured = config.auth.signing_keys_path
    ? await readSigningKeysFile(workdir, config.auth.signing_keys_path)
    : undefined;
  return createKeyRing({
    signingKeys: configured ?? stored.signing_keys,
    jwtSecret: config.auth.jwt_secret || DEFAULT_JWT_SECRET,
    publishableKey: stored.publishable_key,
    secretKey: stored.secret_key,
    legacyKeysUseSigningKey: configured !== undefined,
  });
}
