import type { TestAccount } from "./test-accounts.ts";

const escape = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (char) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[char] ?? char,
  );

export interface SignInPageInput {
  providerLabel: string;
  /** Form actions: `<interaction path>/login` and `<interaction path>/deny`. */
  interactionPath: string;
  clientName: string;
  accounts: readonly TestAccount[];
  error?: string;
}

/**
 * The emulator's sign-in page (plain HTML, no script): pick a test account, create one, or deny.
 * Field names are a contract for browser tests: `account_id` (one submit button per account),
 * `email`, `name`, `avatar_url`, `email_verified`; the deny form has one button "Deny access".
 */
export function renderSignInPage(input: SignInPageInput): string {
  const title = `Sign in with ${input.providerLabel}`;
  const accounts =
    input.accounts.length === 0
      ? "<p>No test accounts yet. Create one below.</p>"
      : `<ul>${input.accounts
          .map((account) => {
            const label = account.name ? `${account.name} (${account.email})` : account.email;
            return `<li><button type="submit" name="account_id" value="${escape(account.id)}">Continue as ${escape(label)}</button></li>`;
          })
          .join("")}</ul>`;
  return `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escape(title)} · Parley emulator</title>
<style>body{font-family:system-ui,sans-serif;max-width:32rem;margin:2rem auto;padding:0 1rem;line-height:1.5}
label{display:block;margin-block-start:.75rem}input[type=email],input[type=text],input[type=url]{width:100%;padding:.4rem;box-sizing:border-box}
button{margin-block:.4rem;padding:.4rem .8rem}ul{list-style:none;padding:0}.note{color:#555}[role=alert]{color:#a00}</style></head>
<body>
<main>
<h1>${escape(title)}</h1>
<p class="note">This is the Parley Stack's local emulator of ${escape(input.providerLabel)}: no real account is used. ${escape(input.clientName)} asks to know your email address, name and picture.</p>
${input.error ? `<p role="alert">${escape(input.error)}</p>` : ""}
<section aria-labelledby="pick"><h2 id="pick">Choose a test account</h2>
<form method="post" action="${escape(input.interactionPath)}/login">${accounts}</form></section>
<section aria-labelledby="create"><h2 id="create">Create a test account</h2>
<form method="post" action="${escape(input.interactionPath)}/login">
<label for="email">Email</label><input id="email" name="email" type="email" required autocomplete="email">
<label for="name">Name</label><input id="name" name="name" type="text" autocomplete="name">
<label for="avatar_url">Avatar URL</label><input id="avatar_url" name="avatar_url" type="url">
<label><input name="email_verified" type="checkbox" value="true" checked> Email verified</label>
<button type="submit">Create account and sign in</button>
</form></section>
<section aria-labelledby="deny"><h2 id="deny">Do not sign in</h2>
<form method="post" action="${escape(input.interactionPath)}/deny"><button type="submit">Deny access</button></form></section>
</main>
</body></html>`;
}
