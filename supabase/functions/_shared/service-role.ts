/**
 * Whether a request carries the project's service role key as its bearer token (the scheduler's
 * and the database's calls). Compared with Web Crypto's constant-time HMAC verify, so timing
 * reveals nothing of the key.
 */
export async function isServiceRole(req: Request): Promise<boolean> {
  const token = /^Bearer\s+(.+)$/i.exec(req.headers.get("Authorization") ?? "")?.[1]?.trim() ?? "";
  const expected = Deno.env.get("SUPABASE_SERVICE_ROLE_KEY") ?? "";
  if (token === "" || expected === "") return false;
  const key = await crypto.subtle.importKey(
    "raw",
    crypto.getRandomValues(new Uint8Array(32)),
    { name: "HMAC", hash: "SHA-256" },
    false,
    ["sign", "verify"],
  );
  const mac = await crypto.subtle.sign("HMAC", key, new TextEncoder().encode(expected));
  return await crypto.subtle.verify("HMAC", key, mac, new TextEncoder().encode(token));
}
