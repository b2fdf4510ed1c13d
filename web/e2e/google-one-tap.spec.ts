import { createHash } from "node:crypto";
import type { Page } from "@playwright/test";
import { newPageIn, startDedicatedEnvironment } from "./support/dedicated-environment";
import { uniqueEmail } from "./support/mailbox";
import { expect, message, test } from "./support/test";

const clientId = "parley-e2e.apps.googleusercontent.com";
const gsiScript = "https://accounts.google.com/gsi/client";

// Google enabled (emulated by the stack) and the app built with a Google client id: the sign-in
// page then uses Google Identity Services, which is external — the browser is served a stand-in.
const environment = startDedicatedEnvironment(
  { SUPABASE_AUTH_EXTERNAL_GOOGLE_ENABLED: "true" },
  { VITE_GOOGLE_CLIENT_ID: clientId },
);

/**
 * A stand-in for `google.accounts.id`: it keeps what the app initialised it with (for the test to
 * read) and its button hands the app an ID token from the stack's Google emulator, minted for a
 * nonce of its own — Google signs the hashed nonce it was given, which this stand-in cannot do.
 */
function standInScript(apiUrl: string, email: string) {
  return `window.google = { accounts: { id: {
    initialize(config) { window.gsiConfig = config; },
    prompt() {},
    cancel() {},
    renderButton(parent) {
      const button = document.createElement("button");
      button.type = "button";
      button.textContent = "Google stand-in: continue";
      button.onclick = async () => {
        const response = await fetch(${JSON.stringify(`${apiUrl}/emulators/oauth/google/test/id-token`)}, {
          method: "POST", headers: { "content-type": "application/json" },
          body: JSON.stringify({ email: ${JSON.stringify(email)}, nonce: "stand-in" }),
        });
        window.gsiConfig.callback({ credential: (await response.json()).id_token, select_by: "btn" });
      };
      parent.replaceChildren(button);
    },
  } } };`;
}

async function serveStandIn(page: Page, apiUrl: string, email: string) {
  await page.route(gsiScript, (route) =>
    route.fulfill({ contentType: "text/javascript", body: standInScript(apiUrl, email) }),
  );
}

test.describe("Google one tap with Google Identity Services (VITE_GOOGLE_CLIENT_ID set)", () => {
  test.setTimeout(120_000);

  test("Google gets the SHA-256 hex of the nonce, signInWithIdToken the raw nonce with Google's credential", async ({
    browser,
  }) => {
    const running = environment();
    const page = await newPageIn(browser, running);
    await serveStandIn(page, running.stack.API_URL, uniqueEmail("gsi"));
    await page.goto("/en/sign-in");
    const oneTap = page.getByRole("region", { name: message("en", "oneTap.title") });
    await expect(oneTap).toContainText(message("en", "oneTap.googleLead"));
    await expect(oneTap.getByLabel(message("en", "oneTap.email"))).toHaveCount(0);

    const config = await page.evaluate(() => {
      const { client_id, nonce, use_fedcm_for_prompt } = (window as unknown as { gsiConfig: Record<string, unknown> })
        .gsiConfig;
      return { client_id, nonce, use_fedcm_for_prompt };
    });
    expect(config).toEqual({
      client_id: clientId,
      nonce: expect.stringMatching(/^[0-9a-f]{64}$/),
      use_fedcm_for_prompt: true,
    });

    const tokenRequest = page.waitForRequest((request) => request.url().includes("/auth/v1/token?grant_type=id_token"));
    await oneTap.getByRole("button", { name: "Google stand-in: continue" }).click();
    const sent = (await tokenRequest).postDataJSON() as { provider: string; id_token: string; nonce: string };
    expect(sent.provider).toBe("google");
    expect(sent.id_token.split(".")).toHaveLength(3);
    expect(sent.nonce).not.toBe(config.nonce);
    expect(createHash("sha256").update(sent.nonce).digest("hex")).toBe(config.nonce);
    // The stand-in's token carries its own nonce, so auth refuses it, and the app says so.
    await expect(oneTap.getByRole("alert")).toContainText(message("en", "auth.error.unknown"));
    await page.context().close();
  });

  test("Google's script failing to load is a localized error with a way to try again", async ({ browser }) => {
    const running = environment();
    const page = await newPageIn(browser, running);
    let blocked = true;
    await page.route(gsiScript, (route) =>
      blocked
        ? route.abort("blockedbyclient")
        : route.fulfill({
            contentType: "text/javascript",
            body: standInScript(running.stack.API_URL, uniqueEmail("gsi")),
          }),
    );
    await page.goto("/fr/sign-in");
    const oneTap = page.getByRole("region", { name: message("fr", "oneTap.title") });
    await expect(oneTap.getByRole("alert")).toContainText(message("fr", "oneTap.error.scriptFailed"));

    blocked = false;
    await oneTap.getByRole("button", { name: message("fr", "auth.action.retry") }).click();
    await expect(oneTap.getByRole("button", { name: "Google stand-in: continue" })).toBeVisible();
    await expect(oneTap.getByRole("alert")).toHaveCount(0);
    await page.context().close();
  });
});
