import { createKeyRing, type KeyRing } from "./key-ring.ts";
import { generateSigningKey } from "./key-store.ts";

/** A key ring with a fresh ES256 key and fixed test API keys, for unit tests. */
export async function createTestKeyRing(): Promise<KeyRing> {
  return createKeyRing({
    signingKeys: [await generateSigningKey()],
    jwtSecret: "a-test-secret-of-at-least-thirty-two-characters",
    publishableKey: "sb_publishable_test",
    secretKey: "sb_secret_test",
    legacyKeysUseSigningKey: false,
  });
}
