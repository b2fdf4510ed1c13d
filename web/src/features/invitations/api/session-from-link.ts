import { loadSupabase } from "../../../lib/supabase";

/**
 * The invitation email's link goes through the auth service's verify endpoint, which returns the
 * tokens in the URL fragment (`#access_token=…&refresh_token=…`) — the implicit shape, which the
 * app's PKCE client does not pick up by itself. Adopt that session, then drop the fragment so the
 * tokens do not stay in the address bar or history. A fragment without tokens changes nothing.
 */
export async function adoptSessionFromLink(hash: string): Promise<void> {
  const params = new URLSearchParams(hash.replace(/^#/, ""));
  const accessToken = params.get("access_token");
  const refreshToken = params.get("refresh_token");
  if (hash) window.history.replaceState(window.history.state, "", window.location.pathname + window.location.search);
  if (!accessToken || !refreshToken) return;
  await (await loadSupabase()).auth.setSession({ access_token: accessToken, refresh_token: refreshToken });
}
