import { resolveApiKey } from "./api-key.ts";
import type { RequestAuth, StackService } from "./context.ts";
import type { KeyRing } from "./keys/index.ts";
import type { ServiceAnswer } from "./native/service-request.ts";
import { jsonAnswer } from "./native/service-request.ts";
import { invalidTokenBody } from "./responses.ts";

/** Auth routes browsers navigate to without headers; hosted keeps them open. */
const OPEN_ROUTES = /^\/auth\/v1\/(verify|callback|authorize|sso\/saml\/acs|sso\/saml\/metadata)\/?$/;

export interface CallerCredentials {
  /** The routed path (for the open auth routes). */
  path: string;
  /** The `apikey` header. */
  apikey: string | undefined;
  /** The `apikey` query parameter, read only when the header is absent. */
  apikeyParameter: () => string | undefined;
  authorization: string | undefined;
  /** The client's connection (its socket), on which the last project key it sent is remembered. */
  connection?: object;
}

/** Either the caller, or the answer that refuses the request (already in the service's own shape). */
export type Authorization =
  { ok: true; auth: RequestAuth } | { ok: false; auth: RequestAuth | undefined; answer: ServiceAnswer | Response };

/**
 * The gateway's key step for a service path, on both the Hono and the native path: maps the api
 * key and bearer (`resolveApiKey`), refuses a missing or unknown key with hosted's 401 body, and a
 * bearer that failed verification with the service's `rejectInvalidToken` (or GoTrue's `bad_jwt`
 * shape for a base path without a service). Services that decide per route (auth) get the failed
 * `auth` instead.
 */
export async function authorizeCaller(
  keys: KeyRing,
  requireApiKey: boolean,
  service: StackService | undefined,
  credentials: CallerCredentials,
): Promise<Authorization> {
  const result = await resolveApiKey(keys, {
    apikey: credentials.apikey ?? credentials.apikeyParameter(),
    authorization: credentials.authorization,
    requireApiKey,
    openRoute: OPEN_ROUTES.test(credentials.path),
    connection: credentials.connection,
  });
  if (!result.ok) return { ok: false, auth: undefined, answer: jsonAnswer(401, result.body) };
  const { auth } = result;
  if (!auth.ok && service?.rejectInvalidToken !== undefined)
    return { ok: false, auth, answer: service.rejectInvalidToken(auth.failure) };
  if (!auth.ok && service === undefined)
    return { ok: false, auth, answer: jsonAnswer(401, invalidTokenBody(auth.failure.message)) };
  return { ok: true, auth };
}
