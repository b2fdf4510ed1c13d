/**
 * Whether a link came back carrying only GoTrue's `message` — what `GET /verify` answers for the
 * first half of a double-confirmed email change ("Confirmation link accepted. Please proceed to
 * confirm link sent to the other email"), in the query for PKCE links and in the fragment
 * otherwise — rather than a `code`, tokens or an error.
 *
 * @example isHalfConfirmedLink("?message=Confirmation+link+accepted…", "") // true
 */
export function isHalfConfirmedLink(search: string, hash: string): boolean {
  const query = new URLSearchParams(search);
  const fragment = new URLSearchParams(hash.replace(/^#/, ""));
  const has = (name: string) => query.has(name) || fragment.has(name);
  return has("message") && !has("code") && !has("access_token") && !has("error") && !has("error_code");
}
