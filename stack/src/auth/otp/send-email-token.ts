import type { AuthCore } from "../core.ts";
import type { TemplateKind } from "../email/default-templates.ts";
import type { Sql } from "../users/user-queries.ts";
import type { UserRow } from "../users/user-row.ts";
import { issueToken, TOKEN_SLOTS, type TokenSlot } from "./one-time-tokens.ts";
import { assertSendAllowed } from "./send-frequency.ts";

/** Verify link types by email kind (what `type=` the link carries). */
const LINK_TYPE: Record<Exclude<TemplateKind, "reauthentication">, string> = {
  confirmation: "signup",
  invite: "invite",
  magic_link: "magiclink",
  recovery: "recovery",
  email_change: "email_change",
};

/**
 * `<verify URL>?token=…&type=…&redirect_to=…` as GoTrue's getPath builds it. A redirect with a
 * character a query would read differently (`&`, `=`, `#`, `+` as a space, `%` escapes) is encoded,
 * so /verify receives exactly the address that was checked.
 */
export function actionLink(externalUrl: string, hash: string, type: string, redirectTo: string): string {
  const redirect = /[&=#+%]/.test(redirectTo) ? encodeURIComponent(redirectTo) : redirectTo;
  return `${externalUrl}/verify?token=${encodeURIComponent(hash)}&type=${encodeURIComponent(type)}&redirect_to=${redirect}`;
}

export interface EmailTokenRequest {
  kind: TemplateKind;
  slot: TokenSlot;
  /** Address the mail goes to (and the token relates to). */
  to: string;
  redirectTo: string;
  pkce: boolean;
  /** Skip the per-user frequency check (admin-triggered mails such as invites). */
  skipFrequency?: boolean;
  extra?: Record<string, unknown>;
}

/**
 * Issues a token in a slot and mails it with the kind's template: frequency check, global quota,
 * token + one_time_tokens row, then the mail with GoTrue's variables.
 * @example await sendEmailToken(core, client, user, { kind: "confirmation", slot: "confirmation", to: email, redirectTo, pkce: false });
 */
export async function sendEmailToken(
  core: AuthCore,
  sql: Sql,
  user: UserRow,
  request: EmailTokenRequest,
): Promise<UserRow> {
  const settings = core.settings();
  if (!request.skipFrequency) {
    assertSendAllowed(user[TOKEN_SLOTS[request.slot].sentAt] as Date | null, settings.email.max_frequency);
  }
  core.limits.countEmail();
  const issued = await issueToken(sql, user, request.slot, request.to, settings.email.otp_length, request.pkce);
  const updated = issued.user;
  const data: Record<string, unknown> = {
    SiteURL: settings.site_url,
    Email: updated.email ?? "",
    Token: issued.otp,
    TokenHash: issued.hash,
    Data: updated.raw_user_meta_data ?? {},
    RedirectTo: request.redirectTo,
    ...request.extra,
  };
  if (request.kind !== "reauthentication") {
    data.ConfirmationURL = actionLink(settings.externalUrl, issued.hash, LINK_TYPE[request.kind], request.redirectTo);
  }
  await core.mailer.sendEmail(request.kind, request.to, data);
  return updated;
}
