import type { AuthChangeEvent, Session, SupabaseClient } from "@supabase/supabase-js";

export type AuthStatus = "loading" | "signedIn" | "signedOut";

/** What the app knows about the person right now; `loading` until INITIAL_SESSION arrives. */
export type AuthSnapshot = {
  status: AuthStatus;
  session: Session | null;
};

/** Reacts to an auth event with app effects (navigation, cache); see `useAuthEventEffects`. */
export type AuthEventHandler = (event: AuthChangeEvent, session: Session | null) => void;

export type AuthEventHub = {
  getSnapshot: () => AuthSnapshot;
  subscribe: (listener: () => void) => () => void;
  /** Installs the one effect handler; events that arrived before it are delivered now, in order. */
  setHandler: (handler: AuthEventHandler) => () => void;
  /**
   * Whether this page load began with a session restored from storage: `null` until
   * INITIAL_SESSION. A page that began signed out holds only sessions the auth service has just
   * handed over (sign-in, link, refresh), whose user is current.
   */
  startedWithSession: () => boolean | null;
  /** Subscribes to the client's auth events; called once, in the turn the client is created. */
  connect: (auth: Pick<SupabaseClient["auth"], "onAuthStateChange">) => void;
};

/**
 * The app's single subscription to `onAuthStateChange`. It is connected in the turn the client is
 * created, so no event is lost: the client emits SIGNED_IN or PASSWORD_RECOVERY for a link's
 * `?code=` right after it initializes, possibly before any component has mounted. Those events
 * wait here until the handler is installed. Every event also updates the snapshot React reads.
 *
 * The snapshot is `loading` until INITIAL_SESSION, unless the page load `beginsSignedOut` (known
 * from storage before the client is loaded, see `beginsSignedOut` in stored-session.ts): then it
 * is signed out from the start, and the client's INITIAL_SESSION, when it comes, agrees.
 *
 * The callback never calls back into the auth client (supabase-js would deadlock); effects run
 * in the handler, outside the callback's turn.
 *
 * @example const hub = createAuthEventHub({ beginsSignedOut: false }); hub.connect(client.auth);
 */
export function createAuthEventHub({ beginsSignedOut = false }: { beginsSignedOut?: boolean } = {}): AuthEventHub {
  let snapshot: AuthSnapshot = { status: beginsSignedOut ? "signedOut" : "loading", session: null };
  const listeners = new Set<() => void>();
  let handler: AuthEventHandler | null = null;
  const waiting: Array<[AuthChangeEvent, Session | null]> = [];
  let startedWithSession: boolean | null = beginsSignedOut ? false : null;

  const onEvent = (event: AuthChangeEvent, session: Session | null) => {
    if (event === "INITIAL_SESSION") startedWithSession = session !== null;
    const status: AuthStatus = session ? "signedIn" : "signedOut";
    if (snapshot.status !== status || snapshot.session !== session) {
      snapshot = { status, session };
      for (const listener of listeners) listener();
    }
    if (event === "INITIAL_SESSION") return;
    if (handler) {
      const current = handler;
      setTimeout(() => current(event, session), 0);
    } else {
      waiting.push([event, session]);
    }
  };

  return {
    connect: (auth) => void auth.onAuthStateChange(onEvent),
    getSnapshot: () => snapshot,
    startedWithSession: () => startedWithSession,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    setHandler(next) {
      handler = next;
      for (const [event, session] of waiting.splice(0)) next(event, session);
      return () => {
        if (handler === next) handler = null;
      };
    },
  };
}

/** The hub of an app with no backend configured: nobody is ever signed in. */
export function createSignedOutHub(): AuthEventHub {
  const snapshot: AuthSnapshot = { status: "signedOut", session: null };
  return {
    getSnapshot: () => snapshot,
    subscribe: () => () => undefined,
    setHandler: () => () => undefined,
    startedWithSession: () => false,
    connect: () => undefined,
  };
}
