import type { AuthChangeEvent, Session } from "@supabase/supabase-js";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { createAuthEventHub } from "./auth-event-hub";

type Callback = (event: AuthChangeEvent, session: Session | null) => void;

function fakeAuth() {
  let callback: Callback = () => undefined;
  return {
    auth: {
      onAuthStateChange: (next: Callback) => {
        callback = next;
        return { data: { subscription: { id: "1", callback: next, unsubscribe: () => undefined } } };
      },
    },
    emit: (event: AuthChangeEvent, session: Session | null) => callback(event, session),
  };
}

function connectedHub(auth: ReturnType<typeof fakeAuth>["auth"], options?: { beginsSignedOut?: boolean }) {
  const hub = createAuthEventHub(options);
  hub.connect(auth as never);
  return hub;
}

const session = { access_token: "a", user: { id: "u" } } as Session;

describe("createAuthEventHub", () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it("is loading until INITIAL_SESSION says who is signed in", () => {
    const { auth, emit } = fakeAuth();
    const hub = connectedHub(auth);
    const listener = vi.fn();
    hub.subscribe(listener);
    expect(hub.getSnapshot().status).toBe("loading");

    emit("INITIAL_SESSION", null);
    expect(hub.getSnapshot()).toEqual({ status: "signedOut", session: null });
    expect(listener).toHaveBeenCalledTimes(1);
  });

  it("remembers whether the page load began with a stored session", () => {
    const restored = fakeAuth();
    const hubWithSession = connectedHub(restored.auth);
    expect(hubWithSession.startedWithSession()).toBeNull();
    restored.emit("INITIAL_SESSION", session);
    restored.emit("SIGNED_OUT", null);
    expect(hubWithSession.startedWithSession()).toBe(true);

    const fresh = fakeAuth();
    const hubSignedOut = connectedHub(fresh.auth);
    fresh.emit("INITIAL_SESSION", null);
    fresh.emit("SIGNED_IN", session);
    expect(hubSignedOut.startedWithSession()).toBe(false);
  });

  it("keeps events that arrive before the handler and delivers them in order", () => {
    const { auth, emit } = fakeAuth();
    const hub = connectedHub(auth);
    emit("INITIAL_SESSION", null);
    emit("PASSWORD_RECOVERY", session);
    emit("USER_UPDATED", session);

    const handler = vi.fn();
    hub.setHandler(handler);
    expect(handler.mock.calls).toEqual([
      ["PASSWORD_RECOVERY", session],
      ["USER_UPDATED", session],
    ]);
    expect(hub.getSnapshot()).toEqual({ status: "signedIn", session });
  });

  it("runs the handler outside the client's callback, so it may call the client again", () => {
    const { auth, emit } = fakeAuth();
    const hub = connectedHub(auth);
    const handler = vi.fn();
    hub.setHandler(handler);

    emit("SIGNED_OUT", null);
    expect(handler).not.toHaveBeenCalled();
    vi.runAllTimers();
    expect(handler).toHaveBeenCalledWith("SIGNED_OUT", null);
  });

  it("is signed out from the start when the page load begins signed out, before the client exists", () => {
    const hub = createAuthEventHub({ beginsSignedOut: true });
    expect(hub.getSnapshot()).toEqual({ status: "signedOut", session: null });
    expect(hub.startedWithSession()).toBe(false);

    const { auth, emit } = fakeAuth();
    hub.connect(auth as never);
    const listener = vi.fn();
    hub.subscribe(listener);
    emit("INITIAL_SESSION", null);
    expect(listener).not.toHaveBeenCalled();
    emit("SIGNED_IN", session);
    expect(hub.getSnapshot()).toEqual({ status: "signedIn", session });
  });
});
