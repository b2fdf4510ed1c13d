import { readFile } from "node:fs/promises";
import path from "node:path";
import type { SupabaseClient } from "@supabase/supabase-js";
import { SAML_EMULATOR_KEY_FILE } from "../../../src/saml-emulator/index.ts";
import { signedResponse } from "../../../src/saml-emulator/signed-response.ts";
import { uniqueEmail } from "../../auth/support/auth-api.ts";
import { waitForMail } from "../../auth/support/mailbox.ts";
import { OAuthBrowser } from "../../auth/support/oauth-browser.ts";
import { postToAcs, signInAtEmulator } from "../../auth/support/saml.ts";
import { openLink } from "../../auth/support/session-user.ts";
import { testClient } from "../../support/client.ts";
import type { TestStack } from "../../support/test-stack.ts";

/**
 * Where one attempt ended: the browser's final Location, and, for flows that mail a link (or hand
 * one out), the `redirect_to` that link carries.
 */
export interface RedirectOutcome {
  landed: URL;
  linkRedirect?: string;
}

/** One way into the stack that takes a `redirect_to` (or `redirectTo`, or a SAML RelayState). */
export interface RedirectEntryPoint {
  name: string;
  /** Asks for `redirectTo` and follows the flow as a browser would, up to the app's address. */
  attempt(t: TestStack, redirectTo: string): Promise<RedirectOutcome>;
  /** IdP-initiated SAML: a RelayState that is no URL at all is refused with an error (to site_url). */
  refusesNonUrls?: boolean;
}

const PASSWORD = "a-long-password-1";
const DEMO_SSO_DOMAIN = "sso.parley.test";
const appClient = (t: TestStack) => testClient(t.url, t.stack.keys.publishableKey, { auth: { flowType: "implicit" } });
const adminClient = (t: TestStack) => testClient(t.url, t.stack.keys.secretKey);

/** The data of a supabase-js result that succeeded (the error-free member of its union). */
type Succeeded<R> = R extends { error: null; data: infer D } ? D : never;

function must<R extends { data: unknown; error: unknown }>(result: R): Succeeded<R> {
  if (result.error) throw result.error instanceof Error ? result.error : new Error(JSON.stringify(result.error));
  return result.data as Succeeded<R>;
}

async function confirmedUser(t: TestStack, label: string): Promise<string> {
  const email = uniqueEmail(label);
  must(await adminClient(t).auth.admin.createUser({ email, password: PASSWORD, email_confirm: true }));
  return email;
}

async function signedInClient(t: TestStack, label: string): Promise<SupabaseClient> {
  const client = appClient(t);
  must(await client.auth.signInWithPassword({ email: await confirmedUser(t, label), password: PASSWORD }));
  return client;
}

/** Reads the newest mail to `email` and opens its link like a browser (without following the redirect). */
async function followMailedLink(t: TestStack, email: string, seen?: Set<string>): Promise<RedirectOutcome> {
  const mail = await waitForMail(t.stack.status().INBUCKET_URL, email, { timeoutMs: 10_000, seen });
  const { location } = await openLink(mail.link);
  return { landed: location, linkRedirect: new URL(mail.link).searchParams.get("redirect_to") ?? undefined };
}

async function oauthLanding(t: TestStack, url: string | null): Promise<RedirectOutcome> {
  if (!url) throw new Error("no authorize URL");
  return {
    landed: await new OAuthBrowser(t.url).signIn(url, { email: uniqueEmail("oauth-redirect"), name: "Redirected" }),
  };
}

async function emulatorKeys(t: TestStack): Promise<{ privateKey: string; certificate: string }> {
  return JSON.parse(await readFile(path.join(t.project.dataDir, SAML_EMULATOR_KEY_FILE), "utf8")) as {
    privateKey: string;
    certificate: string;
  };
}

export const REDIRECT_ENTRY_POINTS: readonly RedirectEntryPoint[] = [
  {
    name: "magic link (signInWithOtp emailRedirectTo)",
    async attempt(t, redirectTo) {
      const email = await confirmedUser(t, "magic");
      must(
        await appClient(t).auth.signInWithOtp({
          email,
          options: { emailRedirectTo: redirectTo, shouldCreateUser: false },
        }),
      );
      return followMailedLink(t, email);
    },
  },
  {
    name: "sign-up confirmation (signUp emailRedirectTo)",
    async attempt(t, redirectTo) {
      const email = uniqueEmail("signup");
      must(await appClient(t).auth.signUp({ email, password: PASSWORD, options: { emailRedirectTo: redirectTo } }));
      return followMailedLink(t, email);
    },
  },
  {
    name: "resent sign-up confirmation (resend emailRedirectTo)",
    async attempt(t, redirectTo) {
      const email = uniqueEmail("resend");
      const seen = new Set<string>();
      must(await appClient(t).auth.signUp({ email, password: PASSWORD }));
      await waitForMail(t.stack.status().INBUCKET_URL, email, { timeoutMs: 10_000, seen });
      must(await appClient(t).auth.resend({ type: "signup", email, options: { emailRedirectTo: redirectTo } }));
      return followMailedLink(t, email, seen);
    },
  },
  {
    name: "password recovery (resetPasswordForEmail redirectTo)",
    async attempt(t, redirectTo) {
      const email = await confirmedUser(t, "recovery");
      must(await appClient(t).auth.resetPasswordForEmail(email, { redirectTo }));
      return followMailedLink(t, email);
    },
  },
  {
    name: "invite (auth.admin.inviteUserByEmail redirectTo)",
    async attempt(t, redirectTo) {
      const email = uniqueEmail("invite");
      must(await adminClient(t).auth.admin.inviteUserByEmail(email, { redirectTo }));
      return followMailedLink(t, email);
    },
  },
  {
    name: "admin generate_link (auth.admin.generateLink redirectTo)",
    async attempt(t, redirectTo) {
      const email = await confirmedUser(t, "generated");
      const { properties } = must(
        await adminClient(t).auth.admin.generateLink({ type: "magiclink", email, options: { redirectTo } }),
      );
      const { location } = await openLink(properties.action_link);
      return { landed: location, linkRedirect: properties.redirect_to };
    },
  },
  {
    name: "admin generate_link with redirect_to in the JSON body",
    async attempt(t, redirectTo) {
      const email = await confirmedUser(t, "generated-body");
      const key = t.stack.keys.secretKey;
      const response = await fetch(`${t.url}/auth/v1/admin/generate_link`, {
        method: "POST",
        headers: { apikey: key, authorization: `Bearer ${key}`, "content-type": "application/json" },
        body: JSON.stringify({ type: "magiclink", email, redirect_to: redirectTo }),
      });
      const body = (await response.json()) as { action_link: string; redirect_to: string };
      return { landed: (await openLink(body.action_link)).location, linkRedirect: body.redirect_to };
    },
  },
  {
    name: "email change (updateUser emailRedirectTo)",
    async attempt(t, redirectTo) {
      const client = await signedInClient(t, "mover");
      const email = uniqueEmail("moved");
      must(await client.auth.updateUser({ email }, { emailRedirectTo: redirectTo }));
      return followMailedLink(t, email);
    },
  },
  {
    name: "GET /verify with redirect_to swapped in the mailed link",
    async attempt(t, redirectTo) {
      const email = await confirmedUser(t, "swapped");
      must(
        await appClient(t).auth.resetPasswordForEmail(email, { redirectTo: "http://127.0.0.1:5173/en/reset-password" }),
      );
      const mail = await waitForMail(t.stack.status().INBUCKET_URL, email, { timeoutMs: 10_000 });
      const link = new URL(mail.link);
      link.searchParams.set("redirect_to", redirectTo);
      return { landed: (await openLink(link.toString())).location };
    },
  },
  {
    name: "OAuth /authorize (signInWithOAuth redirectTo)",
    async attempt(t, redirectTo) {
      const { url } = must(
        await appClient(t).auth.signInWithOAuth({
          provider: "google",
          options: { redirectTo, skipBrowserRedirect: true },
        }),
      );
      return oauthLanding(t, url);
    },
  },
  {
    name: "identity linking (linkIdentity redirectTo)",
    async attempt(t, redirectTo) {
      const client = await signedInClient(t, "linker");
      const { url } = must(
        await client.auth.linkIdentity({ provider: "google", options: { redirectTo, skipBrowserRedirect: true } }),
      );
      return oauthLanding(t, url);
    },
  },
  {
    name: "SAML SSO (signInWithSSO redirectTo)",
    async attempt(t, redirectTo) {
      const { url } = must(await appClient(t).auth.signInWithSSO({ domain: DEMO_SSO_DOMAIN, options: { redirectTo } }));
      const posted = await signInAtEmulator(url, { email: uniqueEmail("saml-sp"), name: "Redirected" });
      return { landed: (await postToAcs(t, posted.samlResponse, posted.relayState)).location };
    },
  },
  {
    name: "IdP-initiated SAML (RelayState)",
    refusesNonUrls: true,
    async attempt(t, redirectTo) {
      const auth = `${t.url}/auth/v1`;
      const xml = signedResponse({
        account: { email: uniqueEmail("saml-idp"), name: "Unsolicited" },
        audience: `${auth}/sso/saml/metadata`,
        acsUrl: `${auth}/sso/saml/acs`,
        ...(await emulatorKeys(t)),
      });
      return { landed: (await postToAcs(t, Buffer.from(xml).toString("base64"), redirectTo)).location };
    },
  },
];
