// The project's VAPID key pair (RFC 8292), made by the backend on first use: an ECDSA P-256 pair
// generated with Web Crypto and kept in private.web_push_vapid_keys through service-role-only RPCs
// (migration *_web_push.sql). When two first calls race, the pair stored first wins for both.
import type { SupabaseClient } from "npm:@supabase/supabase-js@2";

export interface VapidKeys {
  /** The uncompressed public point, base64url: the browser's applicationServerKey. */
  publicKey: string;
  /** The private key as a JWK (kty EC, crv P-256, x, y, d). */
  privateJwk: JsonWebKey;
}

interface StoredKeys {
  public_key: string;
  private_jwk: JsonWebKey;
}

const base64Url = (bytes: ArrayBuffer) =>
  btoa(String.fromCharCode(...new Uint8Array(bytes)))
    .replace(/\+/g, "-")
    .replace(/\//g, "_")
    .replace(/=+$/, "");

async function generateVapidKeys(): Promise<StoredKeys> {
  const pair = await crypto.subtle.generateKey({ name: "ECDSA", namedCurve: "P-256" }, true, ["sign", "verify"]);
  const publicKey = base64Url(await crypto.subtle.exportKey("raw", pair.publicKey));
  const privateJwk = await crypto.subtle.exportKey("jwk", pair.privateKey);
  return {
    public_key: publicKey,
    private_jwk: { kty: "EC", crv: "P-256", x: privateJwk.x, y: privateJwk.y, d: privateJwk.d },
  };
}

const toVapidKeys = (row: StoredKeys): VapidKeys => ({ publicKey: row.public_key, privateJwk: row.private_jwk });

/**
 * The kept key pair, generated and kept first if there is none yet. Needs a service role client.
 * @example const { publicKey } = await vapidKeys(adminClient());
 */
export async function vapidKeys(admin: SupabaseClient): Promise<VapidKeys> {
  const kept = await admin.rpc("web_push_vapid_keys");
  if (kept.error) throw new Error(`web_push_vapid_keys failed: ${kept.error.message}`);
  const existing = (kept.data as StoredKeys[] | null)?.[0];
  if (existing) return toVapidKeys(existing);
  const fresh = await generateVapidKeys();
  const stored = await admin.rpc("keep_web_push_vapid_keys", {
    generated_public_key: fresh.public_key,
    generated_private_jwk: fresh.private_jwk,
  });
  if (stored.error) throw new Error(`keep_web_push_vapid_keys failed: ${stored.error.message}`);
  const winner = (stored.data as StoredKeys[] | null)?.[0];
  if (!winner) throw new Error("keep_web_push_vapid_keys returned no keys");
  return toVapidKeys(winner);
}
