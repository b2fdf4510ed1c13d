import type { TestAccount } from "./signed-response.ts";
import { escapeXml } from "./xml-escape.ts";

const STYLE = `body{font-family:system-ui,sans-serif;max-width:28rem;margin:3rem auto;padding:0 1rem;color:#1c1c1c}
h1{font-size:1.4rem}label{display:block;margin-block:.75rem .25rem}input{width:100%;padding:.5rem;box-sizing:border-box}
button{margin-block-start:1rem;padding:.5rem 1rem;cursor:pointer}ul{list-style:none;padding:0}li button{width:100%;text-align:start}
.hint{color:#555;font-size:.9rem}`;

function page(title: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${escapeXml(title)}</title><style>${STYLE}</style></head><body><main>${body}</main></body></html>`;
}

export interface SignInPageInput {
  /** The AuthnRequest XML, base64, carried through the form. */
  samlRequest: string;
  relayState: string;
  serviceProvider: string;
  accounts: readonly TestAccount[];
  error?: string;
}

function hidden(input: SignInPageInput): string {
  return `<input type="hidden" name="SAMLRequest" value="${escapeXml(input.samlRequest)}"><input type="hidden" name="RelayState" value="${escapeXml(input.relayState)}">`;
}

/**
 * The IdP's sign-in page: pick a test account used before, or create one with an email and a name;
 * or cancel, which answers the service provider with a failed status.
 * No password: this is a local emulator; the assertion it sends is signed for real.
 */
export function signInPage(input: SignInPageInput): string {
  const known =
    input.accounts.length === 0
      ? ""
      : `<h2>Continue as</h2><ul>${input.accounts
          .map(
            (account) =>
              `<li><form method="post" action="sign-in">${hidden(input)}<input type="hidden" name="email" value="${escapeXml(account.email)}"><input type="hidden" name="name" value="${escapeXml(account.name)}"><button type="submit">${escapeXml(account.name)} (${escapeXml(account.email)})</button></form></li>`,
          )
          .join("")}</ul><h2>Or use another test account</h2>`;
  const error = input.error ? `<p id="email-error" role="alert">${escapeXml(input.error)}</p>` : "";
  return page(
    "Sign in – Parley SAML IdP emulator",
    `<h1>Sign in with SAML SSO</h1><p class="hint">Parley Stack's SAML identity provider emulator. Signing in to ${escapeXml(input.serviceProvider)}.</p>${known}${error}
<form method="post" action="sign-in">${hidden(input)}
<label for="email">Email</label><input id="email" name="email" type="email" autocomplete="email" required${input.error ? ' aria-invalid="true" aria-describedby="email-error" autofocus' : ""}>
<label for="name">Name</label><input id="name" name="name" type="text" autocomplete="name">
<button type="submit">Sign in</button></form>
<form method="post" action="cancel">${hidden(input)}<button type="submit">Cancel</button></form>`,
  );
}

/** Posts the SAMLResponse to the service provider's ACS URL, as the HTTP-POST binding does. */
export function postResponsePage(acsUrl: string, samlResponse: string, relayState: string): string {
  return page(
    "Signing in…",
    `<form id="saml-response" method="post" action="${escapeXml(acsUrl)}"><input type="hidden" name="SAMLResponse" value="${samlResponse}"><input type="hidden" name="RelayState" value="${escapeXml(relayState)}"><noscript><button type="submit">Continue</button></noscript></form><script>document.getElementById("saml-response").submit();</script>`,
  );
}

export function errorPage(message: string): string {
  return page("SAML request refused", `<h1>SAML request refused</h1><p role="alert">${escapeXml(message)}</p>`);
}
