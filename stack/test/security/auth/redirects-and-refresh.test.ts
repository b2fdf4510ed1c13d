import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TestStack } from "../../support/test-stack.ts";
import { authFetch } from "../../auth/support/auth-api.ts";
import { waitForMail } from "../../auth/support/mailbox.ts";
import { openLink } from "../../auth/support/session-user.ts";
import { startParleyStack } from "../../parley/support/parley-stack.ts";
import { createPerson } from "../../parley/support/people.ts";
import { sessionToken } from "../support/security-world.ts";

let t: TestStack;
let mailbox: string;
beforeAll(async () => {
  t = await startParleyStack();
  mailbox = t.stack.status().INBUCKET_URL;
});
afterAll(() => t?.close());

// supabase/config.toml: site_url http://127.0.0.1:5173, additional_redirect_urls
// http://127.0.0.1:5173/** and http://localhost:5173/**. GoTrue drops a redirect_to that matches
// neither (nor the site's host) and uses site_url instead (auth: internal/utilities/request.go).
const SITE_URL = "http://127.0.0.1:5173";
const ALLOWED = "http://localhost:5173/en/reset-password";

describe("redirects outside the allow list", () => {
  it.each([
    ["an allowed page", ALLOWED, ALLOWED],
    ["another site", "https://evil.example/steal", SITE_URL],
    ["the site's host as user info", "http://127.0.0.1:5173@evil.example/steal", SITE_URL],
    ["the site's address as a subdomain", "http://localhost:5173.evil.example/steal", SITE_URL],
    ["a scheme-relative address", "//evil.example/steal", SITE_URL],
    ["a javascript: URL", "javascript:alert(document.cookie)", SITE_URL],
  ])("a recovery email asked to return to %s returns to %s", async (_name, redirectTo, expected) => {
    const { email } = await createPerson(t, "redirect");
    const asked = await authFetch(t, `/recover?redirect_to=${encodeURIComponent(redirectTo)}`, { body: { email } });
    expect(asked).toMatchObject({ status: 200, body: {} });
    const mail = await waitForMail(mailbox, email, { timeoutMs: 10_000 });
    expect(new URL(mail.link).searchParams.get("redirect_to")).toBe(expected);
    const { status, location } = await openLink(mail.link);
    expect(status).toBe(303);
    expect(location.href.startsWith(expected)).toBe(true);
  });

  it.each([
    ["a magic link (/otp)", "/otp", (email: string) => ({ email, create_user: false })],
    [
      "a sign-up confirmation (/signup)",
      "/signup",
      (email: string) => ({ email: email.replace("@", "-new@"), password: "a-long-password-1" }),
    ],
    ["an email change (/user)", "/user", (email: string) => ({ email: email.replace("@", "-moved@") })],
  ])("%s asked to return to another site returns to site_url", async (_name, path, body) => {
    const person = await createPerson(t, "elsewhere");
    const { token } = await sessionToken(t, person);
    const request = body(person.email);
    const query = `?redirect_to=${encodeURIComponent("https://evil.example/steal")}`;
    const asked = await authFetch(t, `${path}${query}`, {
      method: path === "/user" ? "PUT" : "POST",
      body: request,
      ...(path === "/user" ? { token } : {}),
    });
    expect(asked.status).toBe(200);
    const mail = await waitForMail(mailbox, String(request.email), { timeoutMs: 10_000 });
    expect(new URL(mail.link).searchParams.get("redirect_to")).toBe(SITE_URL);
  });

  it("ignores a redirect_to swapped into an email link (GET /verify checks it again)", async () => {
    const { email } = await createPerson(t, "swapped");
    await authFetch(t, `/recover?redirect_to=${encodeURIComponent(ALLOWED)}`, { body: { email } });
    const link = new URL((await waitForMail(mailbox, email, { timeoutMs: 10_000 })).link);
    link.searchParams.set("redirect_to", "https://evil.example/steal");
    const { location } = await openLink(link.toString());
    expect(location.origin).toBe(SITE_URL);
    expect(location.hash).toMatch(/access_token=/);
  });
});

describe("refresh token reuse", () => {
  async function signedIn(): Promise<{ refresh_token: string; access_token: string }> {
    const { email } = await createPerson(t, "refresher", "refresh-password");
    const { body } = await authFetch(t, "/token?grant_type=password", {
      body: { email, password: "refresh-password" },
    });
    return body as { refresh_token: string; access_token: string };
  }
  const refresh = (token: string) =>
    authFetch(t, "/token?grant_type=refresh_token", { body: { refresh_token: token } });
  const sessionOf = (accessToken: string) =>
    JSON.parse(Buffer.from(accessToken.split(".")[1] ?? "", "base64url").toString()).session_id as string;

  it("revokes the family once a used token comes back after the reuse interval", async () => {
    const session = await signedIn();
    const child = await refresh(session.refresh_token);
    // Rotate once more: the stolen original is then no longer the parent of the active token, which
    // GoTrue always answers with that token (a client that lost a response), whatever the interval.
    const grandchild = await refresh(child.body.refresh_token as string);
    expect(grandchild.status).toBe(200);
    const successor = grandchild.body.refresh_token as string;
    // refresh_token_reuse_interval = 10 s in supabase/config.toml: age the rotations instead of waiting.
    await t.stack.db.admin.query(
      "update auth.refresh_tokens set updated_at = now() - interval '1 minute' where session_id = $1",
      [sessionOf(session.access_token)],
    );
    const stolen = await refresh(session.refresh_token);
    expect(stolen).toMatchObject({
      status: 400,
      body: { code: "refresh_token_already_used", message: "Invalid Refresh Token: Already Used" },
    });
    // The legitimate holder's successor is dead too: the thief cannot keep a session going.
    expect(await refresh(successor)).toMatchObject({ status: 400, body: { code: "refresh_token_already_used" } });
  });

  it("inside the interval, a reused token gets the same successor (a lost response, not theft)", async () => {
    const session = await signedIn();
    const first = await refresh(session.refresh_token);
    const again = await refresh(session.refresh_token);
    expect(again.status).toBe(200);
    expect(again.body.refresh_token).toBe(first.body.refresh_token);
    expect((await refresh(first.body.refresh_token as string)).status).toBe(200);
  });
});
