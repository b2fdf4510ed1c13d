import type { AuthCore } from "../core.ts";
import type { Sql } from "../users/user-queries.ts";
import type { UserRow } from "../users/user-row.ts";
import { sendEmailToken } from "./send-email-token.ts";

/**
 * The email-change mails (auth: templatemailer EmailChangeMail): one to the new address, and with
 * `double_confirm_changes` one more to the current address, each with its own token.
 */
export async function sendEmailChange(
  core: AuthCore,
  sql: Sql,
  user: UserRow,
  redirectTo: string,
  pkce: boolean,
): Promise<UserRow> {
  const settings = core.settings();
  const newEmail = user.email_change ?? "";
  const extra = { NewEmail: newEmail, Email: user.email ?? "" };
  let updated = await sendEmailToken(core, sql, user, {
    kind: "email_change",
    slot: "email_change_new",
    to: newEmail,
    redirectTo,
    pkce,
    extra: { ...extra, SendingTo: newEmail },
  });
  if (settings.email.double_confirm_changes && user.email) {
    updated = await sendEmailToken(core, sql, updated, {
      kind: "email_change",
      slot: "email_change_current",
      to: user.email,
      redirectTo,
      pkce,
      skipFrequency: true,
      extra: { ...extra, SendingTo: user.email },
    });
  }
  return updated;
}
