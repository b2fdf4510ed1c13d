import { inflateRawSync } from "node:zlib";
import type { TestStack } from "../../support/test-stack.ts";

const unescape = (value: string) =>
  value
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&amp;/g, "&");

/** The value of a hidden input in an HTML page (the emulator's forms). */
export function hiddenField(html: string, name: string): string {
  const match = new RegExp(`name="${name}" value="([^"]*)"`).exec(html);
  if (!match?.[1] && match?.[1] !== "") throw new Error(`no ${name} field in page:\n${html.slice(0, 500)}`);
  return unescape(match[1]);
}

/** What the IdP URL returned by POST /sso carries: the AuthnRequest's ID and the relay state. */
export function readIdpUrl(url: string): { requestId: string; relayState: string; requestXml: string } {
  const parsed = new URL(url);
  const requestXml = inflateRawSync(Buffer.from(parsed.searchParams.get("SAMLRequest") ?? "", "base64")).toString(
    "utf8",
  );
  const requestId = /\bID="([^"]+)"/.exec(requestXml)?.[1] ?? "";
  return { requestId, relayState: parsed.searchParams.get("RelayState") ?? "", requestXml };
}

/**
 * A browser's walk through the emulator: open the IdP URL (the sign-in page), submit the test
 * account form (or Cancel), and read the auto-posting form the IdP answers with.
 */
export async function signInAtEmulator(idpUrl: string, account: { email: string; name: string } | "cancel") {
  const page = await fetch(idpUrl);
  if (page.status !== 200) throw new Error(`emulator sign-in page answered ${page.status}`);
  const html = await page.text();
  const form = new URLSearchParams({
    SAMLRequest: hiddenField(html, "SAMLRequest"),
    RelayState: hiddenField(html, "RelayState"),
    ...(account === "cancel" ? {} : account),
  });
  const response = await fetch(new URL(account === "cancel" ? "cancel" : "sign-in", idpUrl), {
    method: "POST",
    body: form,
  });
  const posted = await response.text();
  const acsUrl = unescape(/<form id="saml-response" method="post" action="([^"]+)"/.exec(posted)?.[1] ?? "");
  return {
    status: response.status,
    signInPage: html,
    acsUrl,
    samlResponse: hiddenField(posted, "SAMLResponse"),
    relayState: hiddenField(posted, "RelayState"),
  };
}

/** POSTs a SAMLResponse to the ACS as the browser's auto-submitted form does; returns the redirect. */
export async function postToAcs(
  t: TestStack,
  samlResponse: string,
  relayState: string,
): Promise<{ status: number; location: URL }> {
  const response = await fetch(`${t.url}/auth/v1/sso/saml/acs`, {
    method: "POST",
    body: new URLSearchParams({ SAMLResponse: samlResponse, RelayState: relayState }),
    redirect: "manual",
  });
  await response.text();
  return { status: response.status, location: new URL(response.headers.get("location") ?? "about:blank") };
}

/** Admin API call with the secret key (supabase-js has no SSO admin methods). */
export async function ssoAdmin(
  t: TestStack,
  method: string,
  path: string,
  body?: unknown,
  key = t.stack.keys.secretKey,
) {
  const response = await fetch(`${t.url}/auth/v1/admin/sso/providers${path}`, {
    method,
    headers: { apikey: key, authorization: `Bearer ${key}`, "content-type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  return { status: response.status, body: (text ? JSON.parse(text) : {}) as Record<string, unknown> };
}
