import { createClient, type SupabaseClient } from "@supabase/supabase-js";
import { backendConfigResult } from "./backend-config";
import type { Database } from "./database.types";

/**
 * The app's one supabase-js client, built once from this build's configuration. Auth keeps the
 * library's defaults (auto refresh, expiry margin, tick, back-off, JWKS cache, session detection
 * in the URL) except the flow: every redirect (email links, OAuth, SSO) uses PKCE, so tokens never
 * travel in a URL. `null` only when the build is not configured, in which case the app shows its
 * configuration screen and no feature runs.
 */
export const supabase: SupabaseClient<Database> | null = backendConfigResult.ok
  ? createClient<Database>(backendConfigResult.config.url, backendConfigResult.config.publishableKey, {
      auth: { flowType: "pkce" },
    })
  : null;

/** The client, for data operations that only run in a configured app. */
export function getSupabase(): SupabaseClient<Database> {
  if (supabase === null)
    throw new Error("Parley is not configured: VITE_SUPABASE_URL or VITE_SUPABASE_PUBLISHABLE_KEY is missing");
  return supabase;
}
