import type { AuthCore } from "../core.ts";
import { emailExists } from "../errors.ts";
import { inTransaction } from "../../db/index.ts";
import { recordAudit } from "../audit/audit-log.ts";
import { sendEmailToken } from "../otp/send-email-token.ts";
import type { Sql } from "./user-queries.ts";
import { createUserWithIdentity } from "./create-user.ts";
import { findUserByEmail, listIdentities, updateUser } from "./user-queries.ts";
import { userJson, type UserJson } from "./user-json.ts";
import type { UserRow } from "./user-row.ts";

/**
 * The invited user for an address: a new unconfirmed user without password, or the existing
 * unconfirmed one; a confirmed address is 422 `email_exists` (auth: internal/api/invite.go).
 */
export async function invitedUser(sql: Sql, email: string, data: Record<string, unknown>): Promise<UserRow> {
  const existing = await findUserByEmail(sql, email);
  if (existing?.email_confirmed_at) throw emailExists();
  const user =
    existing ?? (await createUserWithIdentity(sql, { email, passwordHash: "", data, metadataFrom: "caller" }));
  return updateUser(sql, user.id, { invited_at: new Date() });
}

/** POST /invite (`admin.inviteUserByEmail`): creates or re-invites and mails the invite template. */
export async function inviteUser(
  core: AuthCore,
  email: string,
  data: Record<string, unknown>,
  redirectTo: string,
  actorIp: string | null,
): Promise<UserJson> {
  return inTransaction(core.pool, async (sql) => {
    let user = await invitedUser(sql, email, data);
    user = await sendEmailToken(core, sql, user, {
      kind: "invite",
      slot: "confirmation",
      to: email,
      redirectTo,
      pkce: false,
      skipFrequency: true,
    });
    await recordAudit(sql, {
      actor: user,
      action: "user_invited",
      logType: "team",
      ip: actorIp,
      traits: { user_email: email },
    });
    return userJson(user, await listIdentities(sql, user.id));
  });
}
