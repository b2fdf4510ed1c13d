import { AuthApiError } from "@supabase/supabase-js";
import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { GoogleIdentityError } from "../../../lib/auth/google-identity-error";
import englishMessages from "../../../locales/en.json";
import { renderInLocale } from "../../../test/render-in-locale";
import type {
  GoogleAccountsId,
  GoogleButtonConfiguration,
  GoogleIdConfiguration,
  GooglePromptMoment,
} from "../api/google-identity";
import { hashNonce } from "../api/sign-in-with-id-token";
import type { GoogleIdTokenCredentials } from "../hooks/use-google-one-tap";
import { GoogleOneTap } from "./google-one-tap";

const clientId = "1234-parley.apps.googleusercontent.com";

/**
 * A stand-in for Google Identity Services' `google.accounts.id` (an external script): it records
 * what the app configures, and its "button" hands the configured callback a credential, as
 * Google's does once the person picks an account.
 */
function fakeGoogle(moment: GooglePromptMoment = {}) {
  const configs: GoogleIdConfiguration[] = [];
  const buttons: GoogleButtonConfiguration[] = [];
  const state = { prompts: 0, cancels: 0 };
  const id: GoogleAccountsId = {
    initialize: (config) => void configs.push(config),
    renderButton: (parent, options) => {
      buttons.push(options);
      const button = document.createElement("button");
      button.textContent = "Google: continue as Ada";
      button.addEventListener("click", () =>
        configs.at(-1)?.callback({ credential: "header.google-id-token.signature", select_by: "btn" }),
      );
      parent.replaceChildren(button);
    },
    prompt: (listener) => {
      state.prompts += 1;
      listener?.(moment);
    },
    cancel: () => void (state.cancels += 1),
  };
  return { id, configs, buttons, state, load: () => Promise.resolve(id) };
}

function recordSignIns(result: () => Promise<void> = () => Promise.resolve()) {
  const received: GoogleIdTokenCredentials[] = [];
  return { received, signIn: (credentials: GoogleIdTokenCredentials) => (received.push(credentials), result()) };
}

describe("GoogleOneTap with Google Identity Services", () => {
  it("gives Google the SHA-256 hex of the nonce and signInWithIdToken the raw nonce with Google's credential", async () => {
    const google = fakeGoogle();
    const { received, signIn } = recordSignIns();
    renderInLocale(<GoogleOneTap clientId={clientId} loadGoogle={google.load} signIn={signIn} />, "/de/sign-in");

    await userEvent.click(await screen.findByRole("button", { name: "Google: continue as Ada" }));
    await waitFor(() => expect(received).toHaveLength(1));

    const [config] = google.configs;
    expect(config).toMatchObject({ client_id: clientId, use_fedcm_for_prompt: true });
    const [credentials] = received;
    expect(credentials).toMatchObject({ provider: "google", token: "header.google-id-token.signature" });
    expect(credentials?.nonce).toMatch(/^[0-9a-f]{32}$/);
    expect(config?.nonce).toBe(await hashNonce(credentials?.nonce ?? ""));
    expect(config?.nonce).not.toBe(credentials?.nonce);
    expect(google.state.prompts).toBe(1);
    expect(google.buttons).toEqual([
      expect.objectContaining({ type: "standard", text: "continue_with", locale: "de" }),
    ]);
  });

  it("shows the localized error when Google's script fails to load, and tries again on request", async () => {
    const google = fakeGoogle();
    let loads = 0;
    const load = () => (++loads === 1 ? Promise.reject(new GoogleIdentityError("scriptFailed")) : google.load());
    renderInLocale(
      <GoogleOneTap clientId={clientId} loadGoogle={load} signIn={recordSignIns().signIn} />,
      "/en/sign-in",
    );

    expect(await screen.findByRole("alert")).toHaveProperty(
      "textContent",
      expect.stringContaining(englishMessages["oneTap.error.scriptFailed"]),
    );
    expect(screen.queryByRole("button", { name: "Google: continue as Ada" })).toBeNull();

    await userEvent.click(screen.getByRole("button", { name: englishMessages["auth.action.retry"] }));
    expect(await screen.findByRole("button", { name: "Google: continue as Ada" })).toBeTruthy();
    expect(screen.queryByRole("alert")).toBeNull();
  });

  it("says when Google declines to show the prompt, and keeps Google's button as the way in", async () => {
    const google = fakeGoogle({ isNotDisplayed: () => true, getNotDisplayedReason: () => "unregistered_origin" });
    renderInLocale(
      <GoogleOneTap clientId={clientId} loadGoogle={google.load} signIn={recordSignIns().signIn} />,
      "/en/sign-in",
    );

    expect(await screen.findByRole("alert")).toHaveProperty(
      "textContent",
      expect.stringContaining(englishMessages["oneTap.error.promptNotDisplayed"]),
    );
    expect(screen.getByRole("button", { name: "Google: continue as Ada" })).toBeTruthy();
  });

  it("stays quiet when there is simply no Google session in this browser", async () => {
    const google = fakeGoogle({ isNotDisplayed: () => true, getNotDisplayedReason: () => "opt_out_or_no_session" });
    renderInLocale(
      <GoogleOneTap clientId={clientId} loadGoogle={google.load} signIn={recordSignIns().signIn} />,
      "/en/sign-in",
    );

    await screen.findByRole("button", { name: "Google: continue as Ada" });
    await waitFor(() => expect(google.state.prompts).toBe(1));
    expect(screen.queryByRole("alert")).toBeNull();
  });

  it("maps a signInWithIdToken error to its localized message, and cancels Google's prompt on leaving", async () => {
    const google = fakeGoogle();
    const { signIn } = recordSignIns(() =>
      Promise.reject(new AuthApiError("Provider is not enabled", 400, "provider_disabled")),
    );
    const { unmount } = renderInLocale(
      <GoogleOneTap clientId={clientId} loadGoogle={google.load} signIn={signIn} />,
      "/en/sign-in",
    );

    await userEvent.click(await screen.findByRole("button", { name: "Google: continue as Ada" }));
    expect(await screen.findByRole("alert")).toHaveProperty(
      "textContent",
      expect.stringContaining(englishMessages["auth.error.providerDisabled"]),
    );
    unmount();
    expect(google.state.cancels).toBe(1);
  });
});
