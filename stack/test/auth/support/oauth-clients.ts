import type { Provider, SupabaseClient } from "@supabase/supabase-js";
import { testClient } from "../../support/client.ts";
import type { TestStack } from "../../support/test-stack.ts";
import { memoryStorage, OAuthBrowser } from "./oauth-browser.ts";

export const APP = "http://localhost:3000";

/** An app client using the PKCE flow (the verifier lives in its storage, as in a browser). */
export const pkceClient = (t: TestStack) =>
  testClient(t.url, t.stack.keys.publishableKey, {
    auth: { flowType: "pkce", persistSession: true, storage: memoryStorage() },
  });

export const implicitClient = (t: TestStack) =>
  testClient(t.url, t.stack.keys.publishableKey, { auth: { flowType: "implicit" } });

export const adminClient = (t: TestStack) => testClient(t.url, t.stack.keys.secretKey);

/** The app's OAuth button (redirect to `${APP}/welcome`) without following it: the stack's /authorize URL. */
export async function authorizeUrl(
  client: SupabaseClient,
  provider: Provider,
  options: { scopes?: string; queryParams?: Record<string, string> } = {},
): Promise<string> {
  const { data, error } = await client.auth.signInWithOAuth({
    provider,
    options: { redirectTo: `${APP}/welcome`, skipBrowserRedirect: true, ...options },
  });
  if (error || !data.url) throw error ?? new Error("no authorize URL");
  return data.url;
}

/** Where the stack's /authorize sends the browser: the provider's authorize URL. */
export async function providerLocation(authorize: string): Promise<URL> {
  return new URL((await fetch(authorize, { redirect: "manual" })).headers.get("location") ?? "");
}

/** The app's OAuth button then the emulator's form: where the stack sends the browser back to. */
export async function oauthSignIn(
  t: TestStack,
  client: SupabaseClient,
  provider: Provider,
  account: { email: string; name?: string; avatar_url?: string; email_verified?: boolean },
  browser = new OAuthBrowser(t.url),
): Promise<URL> {
  return browser.signIn(await authorizeUrl(client, provider), account);
}

/** The query or fragment parameters of a landing URL. */
export const fragment = (url: URL) => Object.fromEntries(new URLSearchParams(url.hash.slice(1)));
export const query = (url: URL) => Object.fromEntries(url.searchParams);

/** Mints an id_token at the emulator's documented test endpoint. */
export async function emulatorIdToken(
  t: TestStack,
  provider: string,
  body: Record<string, unknown>,
): Promise<{ id_token: string; sub: string }> {
  const response = await fetch(`${t.url}/emulators/oauth/${provider}/test/id-token`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`id-token endpoint answered ${response.status}: ${await response.text()}`);
  return (await response.json()) as { id_token: string; sub: string };
}
