import { createClient, type SupabaseClient } from "@supabase/supabase-js";
import { backendConfigResult } from "./backend-config";

/**
 * The app's one supabase-js client, built once from this build's configuration with the library's
 * default auth settings. `null` only when the build is not configured, in which case the app shows
 * its configuration screen and no feature runs.
 */
export const supabase: SupabaseClient | null = backendConfigResult.ok
  ? createClient(backendConfigResult.config.url, backendConfigResult.config.publishableKey)
  : null;

/** The client, for data operations that only run in a configured app. */
export function getSupabase(): SupabaseClient {
  if (supabase === null) throw new Error("Parley is not configured: VITE_SUPABASE_URL or VITE_SUPABASE_PUBLISHABLE_KEY is missing");
  return supabase;
}
