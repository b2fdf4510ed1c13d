import type { SupabaseClient } from "@supabase/supabase-js";
import { authStorageKey } from "./auth/stored-session";
import { backendConfigResult } from "./backend-config";
import type { Database } from "./database.types";

type AppClient = SupabaseClient<Database>;

let client: AppClient | null = null;
let loading: Promise<AppClient> | null = null;
const onCreated: Array<(created: AppClient) => void> = [];

function notConfigured(): Error {
  return new Error("Parley is not configured: VITE_SUPABASE_URL or VITE_SUPABASE_PUBLISHABLE_KEY is missing");
}

/**
 * Runs `callback` with the client in the same turn it is created, before it has emitted any auth
 * event (the auth event hub subscribes this way, so INITIAL_SESSION and a link's SIGNED_IN are
 * never missed).
 */
export function whenSupabaseCreated(callback: (created: AppClient) => void): void {
  if (client) callback(client);
  else onCreated.push(callback);
}

/**
 * The app's one supabase-js client, loaded on first use: supabase-js is a chunk of its own, so a
 * first screen that does not need it (the sign-in form, the welcome page) paints without waiting
 * for it. Built once from this build's configuration. Auth keeps the library's defaults (auto
 * refresh, expiry margin, tick, back-off, JWKS cache, session detection in the URL) except the
 * flow: every redirect (email links, OAuth, SSO) uses PKCE, so tokens never travel in a URL. The
 * storage key is the library's default, named (see `authStorageKey`). Rejects when the build is
 * not configured (the app then shows its configuration screen and no feature runs).
 *
 * @example const { error } = await (await loadSupabase()).auth.signInWithPassword({ email, password });
 */
export function loadSupabase(): Promise<AppClient> {
  if (client) return Promise.resolve(client);
  if (!backendConfigResult.ok) return Promise.reject(notConfigured());
  const { url, publishableKey } = backendConfigResult.config;
  loading ??= import("@supabase/supabase-js").then(({ createClient }) => {
    const created = createClient<Database>(url, publishableKey, {
      auth: { flowType: "pkce", storageKey: authStorageKey(url) },
    });
    client = created;
    for (const callback of onCreated.splice(0)) callback(created);
    return created;
  });
  return loading;
}

/**
 * The client, for code that runs only once it is loaded: below the route guards (which load it
 * before a signed-in page renders) and in reactions to auth events. Elsewhere use `loadSupabase`.
 */
export function getSupabase(): AppClient {
  if (client) return client;
  if (!backendConfigResult.ok) throw notConfigured();
  throw new Error("The supabase client is used before it was loaded: await loadSupabase() first");
}
