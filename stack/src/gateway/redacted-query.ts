/**
 * Query parameters that carry a credential somewhere in the Supabase APIs: api keys (realtime's
 * `?apikey=`), tokens of auth links (`/verify?token=`, `token_hash`), OAuth and PKCE codes, session
 * tokens in redirects, storage's signed-URL `token`. Their values never reach the request log.
 */
const SECRET_PARAMETERS = new Set([
  "access_token",
  "apikey",
  "auth_code",
  "code",
  "code_verifier",
  "id_token",
  "password",
  "provider_refresh_token",
  "provider_token",
  "refresh_token",
  "secret",
  "token",
  "token_hash",
  "x-amz-signature",
]);

const REDACTED = "[REDACTED]";

/**
 * The query string of a request target for the request log, with every credential's value replaced
 * by `[REDACTED]` (parameter names compared case-insensitively); undefined without a query.
 * @example redactedQuery("/auth/v1/verify?token=abc&type=signup") // "token=[REDACTED]&type=signup"
 */
export function redactedQuery(target: string): string | undefined {
  const url = URL.parse(target, "http://gateway.invalid");
  if (!url || url.search === "") return undefined;
  return [...url.searchParams]
    .map(([name, value]) => {
      const shown = SECRET_PARAMETERS.has(name.toLowerCase()) ? REDACTED : encodeURIComponent(value);
      return `${encodeURIComponent(name)}=${shown}`;
    })
    .join("&");
}
