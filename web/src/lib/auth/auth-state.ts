import { useSyncExternalStore } from "react";
import type { Session } from "@supabase/supabase-js";
import { supabase } from "../supabase";
import { createAuthEventHub, createSignedOutHub, type AuthSnapshot } from "./auth-event-hub";

/** The app's one auth event subscription, started with the client (see `createAuthEventHub`). */
export const authEventHub = supabase ? createAuthEventHub(supabase.auth) : createSignedOutHub();

/** Who is signed in, as the last auth event said; `loading` until INITIAL_SESSION. */
export function useAuthSnapshot(): AuthSnapshot {
  return useSyncExternalStore(authEventHub.subscribe, authEventHub.getSnapshot);
}

/** The current session, or `null` when signed out (or still loading). */
export function useSession(): Session | null {
  return useAuthSnapshot().session;
}
