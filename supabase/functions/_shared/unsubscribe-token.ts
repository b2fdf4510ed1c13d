// Signed unsubscribe tokens for email links: `<user id>.<HMAC-SHA256 of "unsubscribe:<user id>">`,
// base64url, keyed by the project's service role key (never in the app). Only the backend can make
// one, and a token names exactly one person; checked with Web Crypto's constant-time verify.

const PURPOSE = "unsubscribe:";
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

async function signingKey(): Promise<CryptoKey> {
  const secret = Deno.env.get("SUPABASE_SERVICE_ROLE_KEY");
  if (!secret) throw new Error("SUPABASE_SERVICE_ROLE_KEY is not set");
  return await crypto.subtle.importKey(
    "raw",
    new TextEncoder().encode(secret),
    { name: "HMAC", hash: "SHA-256" },
    false,
    ["sign", "verify"],
  );
}

function toBase64Url(bytes: Uint8Array): string {
  return btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, "-")
    .replace(/\//g, "_")
    .replace(/=+$/, "");
}

function fromBase64Url(text: string): Uint8Array | null {
  if (!/^[A-Za-z0-9_-]{43}$/.test(text)) return null;
  const binary = atob(text.replace(/-/g, "+").replace(/_/g, "/") + "=");
  return Uint8Array.from(binary, (c) => c.charCodeAt(0));
}

/** A token for a person's unsubscribe link. */
export async function signUnsubscribeToken(userId: string): Promise<string> {
  const signature = await crypto.subtle.sign("HMAC", await signingKey(), new TextEncoder().encode(PURPOSE + userId));
  return `${userId}.${toBase64Url(new Uint8Array(signature))}`;
}

/** The person a token was made for, or null when it is malformed or its signature does not match. */
export async function verifyUnsubscribeToken(token: unknown): Promise<string | null> {
  if (typeof token !== "string" || token.length > 200) return null;
  const [userId, signature, ...rest] = token.split(".");
  if (!userId || !signature || rest.length > 0 || !UUID.test(userId)) return null;
  const bytes = fromBase64Url(signature);
  if (!bytes) return null;
  const valid = await crypto.subtle.verify(
    "HMAC",
    await signingKey(),
    bytes,
    new TextEncoder().encode(PURPOSE + userId),
  );
  return valid ? userId : null;
}
