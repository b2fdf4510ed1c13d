import type { ApiKeyKind, RequestAuth } from "./context.ts";
import { verifyJwt, type KeyRing } from "./keys/index.ts";
import { rememberedKeyKind, rememberKeyKind } from "./connection-api-keys.ts";
import { safeEqualAny } from "./safe-equal.ts";

/** Hosted Supabase's gateway bodies for key problems. */
export const NO_API_KEY_BODY = {
  message: "No API key found in request",
  hint: "No `apikey` request header or url param was found.",
};
export const INVALID_API_KEY_BODY = {
  message: "Invalid API key",
  hint: "Double check your Supabase `anon` or `service_role` API key.",
};

export type ApiKeyResult = { ok: true; auth: RequestAuth } | { ok: false; body: typeof NO_API_KEY_BODY };

export interface ApiKeyInput {
  apikey: string | undefined;
  authorization: string | undefined;
  /** Hosted behaviour: refuse requests without a key. Locally (the CLI) a missing key means anonymous. */
  requireApiKey: boolean;
  /** Routes browsers navigate to without headers (`/auth/v1/verify`, `/callback`, `/authorize`). */
  openRoute: boolean;
  /**
   * The client's connection (its socket), when known: the project key it sent last is remembered
   * on it, so the same key on its next request is recognised without hashing it again.
   */
  connection?: object;
}

/**
 * Maps `apikey` and `Authorization` as the Supabase CLI's gateway does, then verifies the bearer:
 * 1. an Authorization that is not `Bearer sb_…` passes through;
 * 2. else the secret key becomes the service_role JWT, 3. the publishable key the anon JWT,
 * 4. anything else in `apikey` is used as the bearer (legacy JWT keys) and must verify.
 * @example const result = await resolveApiKey(ring, { apikey, authorization, requireApiKey: false, openRoute: false });
 */
export async function resolveApiKey(ring: KeyRing, input: ApiKeyInput): Promise<ApiKeyResult> {
  const { apikey } = input;
  const kind = classifyKey(ring, apikey, input.connection);
  if (kind === "none" && input.requireApiKey && !input.openRoute) return { ok: false, body: NO_API_KEY_BODY };
  if (kind === "legacy_jwt" && apikey !== undefined && !(await verifyJwt(ring, apikey)).ok) {
    return { ok: false, body: INVALID_API_KEY_BODY };
  }
  const bearer = parseBearer(input.authorization);
  let token: string | null;
  if (bearer !== undefined && !bearer.startsWith("sb_")) token = bearer;
  else if (kind === "secret") token = ring.serviceRoleKey;
  else if (kind === "publishable") token = ring.anonKey;
  else if (kind === "legacy_jwt") token = apikey ?? null;
  else token = bearer ?? null;
  if (token === null) return { ok: true, auth: { ok: true, keyKind: kind, token: null, claims: {}, role: "anon" } };
  const verified = await verifyJwt(ring, token);
  if (!verified.ok) return { ok: true, auth: { ok: false, keyKind: kind, token, failure: verified.failure } };
  const role = typeof verified.claims.role === "string" && verified.claims.role !== "" ? verified.claims.role : "anon";
  return { ok: true, auth: { ok: true, keyKind: kind, token, claims: verified.claims, role } };
}

function classifyKey(ring: KeyRing, apikey: string | undefined, connection: object | undefined): ApiKeyKind {
  if (apikey === undefined || apikey === "") return "none";
  const remembered = connection === undefined ? undefined : rememberedKeyKind(connection, ring, apikey);
  if (remembered !== undefined) return remembered;
  const match = safeEqualAny(apikey, [ring.secretKey, ring.publishableKey]);
  const kind = match === 0 ? "secret" : match === 1 ? "publishable" : "legacy_jwt";
  if (connection !== undefined && kind !== "legacy_jwt") rememberKeyKind(connection, ring, apikey, kind);
  return kind;
}

/** `Bearer <token>`, scheme case-insensitive; undefined when absent or another scheme. */
function parseBearer(header: string | undefined): string | undefined {
  if (header === undefined) return undefined;
  const match = /^bearer(?:\s+(.*))?$/i.exec(header.trim());
  return match ? (match[1] ?? "").trim() : undefined;
}
