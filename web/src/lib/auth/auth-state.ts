import { useSyncExternalStore } from "react";
import type { Session } from "@supabase/supabase-js";
import { backendConfigResult } from "../backend-config";
import { whenSupabaseCreated } from "../supabase";
import { createAuthEventHub, createSignedOutHub, type AuthSnapshot } from "./auth-event-hub";
import { authStorageKey, beginsSignedOut } from "./stored-session";

/** Whether this page load begins signed out; when storage cannot be read, the client is asked. */
function pageBeginsSignedOut(apiUrl: string): boolean {
  try {
    return beginsSignedOut(window.localStorage, window.location, authStorageKey(apiUrl));
  } catch {
    return false;
  }
}

/**
 * The app's one auth event subscription, connected in the turn the client is created (see
 * `createAuthEventHub`). Signed out from the start when nothing in storage or in the URL could
 * make a session, so that first screen need not wait for supabase-js.
 */
export const authEventHub = backendConfigResult.ok
  ? createAuthEventHub({ beginsSignedOut: pageBeginsSignedOut(backendConfigResult.config.url) })
  : createSignedOutHub();
whenSupabaseCreated((client) => authEventHub.connect(client.auth));

/** Who is signed in, as the last auth event said; `loading` until INITIAL_SESSION. */
export function useAuthSnapshot(): AuthSnapshot {
  return useSyncExternalStore(authEventHub.subscribe, authEventHub.getSnapshot);
}

/** The current session, or `null` when signed out (or still loading). */
export function useSession(): Session | null {
  return useAuthSnapshot().session;
}
