import { createECDH, randomBytes, randomUUID } from "node:crypto";
import { decrypt } from "http_ece";

/**
 * What a browser holds for one push subscription: its endpoint at the push service, its P-256 ECDH
 * key pair and auth secret (RFC 8291) — so a test can decrypt what the backend sends, as the
 * browser would.
 */
export interface PushSubscriber {
  endpointPath: string;
  endpoint: string;
  /** The public key, base64url (PushSubscription.toJSON().keys.p256dh). */
  p256dh: string;
  /** The auth secret, base64url (PushSubscription.toJSON().keys.auth). */
  auth: string;
  /** Decrypts an `aes128gcm` push message body and parses its JSON. */
  decrypt(body: Buffer): unknown;
}

export function pushSubscriber(origin: string): PushSubscriber {
  const keys = createECDH("prime256v1");
  keys.generateKeys();
  const auth = randomBytes(16).toString("base64url");
  const endpointPath = `/push/${randomUUID()}`;
  return {
    endpointPath,
    endpoint: `${origin}${endpointPath}`,
    p256dh: keys.getPublicKey().toString("base64url"),
    auth,
    decrypt: (body) =>
      JSON.parse(decrypt(body, { version: "aes128gcm", privateKey: keys, authSecret: auth }).toString("utf8")),
  };
}
