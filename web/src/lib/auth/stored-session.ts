/**
 * Where supabase-js keeps this app's session in local storage. It is the library's own default
 * name (`sb-<first label of the API host>-auth-token`), named here so the app can tell, without
 * loading the client, whether a session may be stored; sessions stored before keep working. The
 * PKCE code verifier and the user live in keys that start with the same name.
 *
 * @example authStorageKey("http://127.0.0.1:54321") // "sb-127-auth-token"
 */
export function authStorageKey(apiUrl: string): string {
  return `sb-${new URL(apiUrl).hostname.split(".")[0]}-auth-token`;
}

/** The parameters an auth redirect leaves in the URL for the client to read (implicit grant, errors). */
const redirectParameters = ["access_token", "error", "error_description", "error_code"];

function hasRedirectParameters(location: Pick<Location, "search" | "hash">): boolean {
  const query = new URLSearchParams(location.search);
  const fragment = new URLSearchParams(location.hash.replace(/^#/, ""));
  return redirectParameters.some((name) => query.has(name) || fragment.has(name));
}

/**
 * Whether this page load certainly begins signed out, known before supabase-js is loaded: no key
 * of the client's is in storage (no session, no PKCE verifier awaiting a `?code=`) and the URL
 * carries nothing the client would turn into a session or an auth error. Then the first screen
 * (a sign-in form, the welcome page) can paint at once; otherwise the app waits for the client's
 * INITIAL_SESSION.
 *
 * @example beginsSignedOut(localStorage, location, "sb-127-auth-token")
 */
export function beginsSignedOut(
  storage: Pick<Storage, "length" | "key">,
  location: Pick<Location, "search" | "hash">,
  storageKey: string,
): boolean {
  if (hasRedirectParameters(location)) return false;
  for (let index = 0; index < storage.length; index += 1) {
    if (storage.key(index)?.startsWith(storageKey)) return false;
  }
  return true;
}
