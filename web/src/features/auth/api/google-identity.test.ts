import { describe, expect, it } from "vitest";
import { GoogleIdentityError } from "../../../lib/auth/google-identity-error";
import { googleIdentityLoader, googleIdentityScriptUrl, readGoogleAccountsId } from "./google-identity";

const fakeId = {
  initialize: () => undefined,
  prompt: () => undefined,
  renderButton: () => undefined,
  cancel: () => undefined,
};

/** A detached parent: the script element is inspected and its events fired here, never fetched. */
function scriptIn(parent: HTMLElement): HTMLScriptElement {
  const script = parent.querySelector("script");
  if (!script) throw new Error("no script was added");
  return script;
}

describe("readGoogleAccountsId", () => {
  it("accepts google.accounts.id with the methods Parley calls, and nothing less", () => {
    expect(readGoogleAccountsId({ accounts: { id: fakeId } })).toBe(fakeId);
    expect(readGoogleAccountsId(undefined)).toBeNull();
    expect(readGoogleAccountsId({ accounts: { id: { ...fakeId, prompt: "no" } } })).toBeNull();
  });
});

describe("googleIdentityLoader", () => {
  it("adds Google's script once, lazily, and resolves with google.accounts.id when it has run", async () => {
    const parent = document.createElement("div");
    const scope: { google?: unknown } = {};
    const load = googleIdentityLoader(() => parent, scope);
    expect(parent.querySelector("script")).toBeNull();
    const loading = load();
    expect(load()).toBe(loading);
    const script = scriptIn(parent);
    expect(script.src).toBe(googleIdentityScriptUrl);
    expect(script.async).toBe(true);
    scope.google = { accounts: { id: fakeId } };
    script.dispatchEvent(new Event("load"));
    await expect(loading).resolves.toBe(fakeId);
    await expect(load()).resolves.toBe(fakeId);
    expect(parent.querySelectorAll("script")).toHaveLength(1);
  });

  it("rejects with scriptFailed when the script does not load, and tries again on the next call", async () => {
    const parent = document.createElement("div");
    const load = googleIdentityLoader(() => parent, {});
    const loading = load();
    scriptIn(parent).dispatchEvent(new Event("error"));
    await expect(loading).rejects.toEqual(new GoogleIdentityError("scriptFailed"));
    expect(parent.querySelector("script")).toBeNull();

    const again = load();
    expect(again).not.toBe(loading);
    scriptIn(parent).dispatchEvent(new Event("load"));
    await expect(again).rejects.toMatchObject({ reason: "scriptFailed" });
  });
});
