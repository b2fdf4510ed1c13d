import type { AuthCore } from "../core.ts";
import { ErrorCode, AuthError, emailExists, notAdmin, phoneExists, unprocessable } from "../errors.ts";
import { inTransaction } from "../../db/index.ts";
import { recordAudit } from "../audit/audit-log.ts";
import { sendEmailChange } from "../otp/send-email-change.ts";
import { sendSmsToken } from "../otp/send-sms-token.ts";
import { createFlowState, type PkceParams } from "../pkce/flow-state.ts";
import type { SessionRow } from "../sessions/session-store.ts";
import { changePassword } from "./change-password.ts";
import { syncProviders, upsertIdentity } from "./identities.ts";
import { mergeMetadata } from "./metadata.ts";
import { findUserByEmail, findUserByPhone, listIdentities, updateUser } from "./user-queries.ts";
import { userJson, type UserJson } from "./user-json.ts";
import type { UserRow } from "./user-row.ts";

export interface UpdateUserInput {
  email?: string;
  phone?: string;
  password?: string;
  nonce?: string;
  data?: Record<string, unknown>;
  appMetadata?: Record<string, unknown>;
  pkce?: PkceParams;
  redirectTo: string;
}

/**
 * PUT /user (auth: internal/api/user.go): metadata, password (with nonce when
 * required), email change (one or two confirmation mails; immediate for anonymous users with
 * autoconfirm) and phone change (immediate with SMS autoconfirm, else an OTP to the new number).
 */
export async function updateCurrentUser(
  core: AuthCore,
  caller: { user: UserRow; session: SessionRow | undefined; isAdmin: boolean },
  input: UpdateUserInput,
  ip: string | null,
): Promise<UserJson> {
  const settings = core.settings();
  const { session } = caller;
  if (input.appMetadata && !caller.isAdmin) throw notAdmin();
  return inTransaction(core.pool, async (sql) => {
    let user =
      (await sql.query<UserRow>("select * from auth.users where id = $1 for update", [caller.user.id])).rows[0] ??
      caller.user;
    const changesCredentials = Boolean(input.password) || input.email !== undefined || input.phone !== undefined;
    if (changesCredentials && session?.aal !== "aal2") {
      const { rows } = await sql.query(
        "select 1 from auth.mfa_factors where user_id = $1 and status = 'verified' limit 1",
        [user.id],
      );
      if (rows.length > 0)
        throw new AuthError(
          401,
          ErrorCode.insufficient_aal,
          "AAL2 session is required to update email or password when MFA is enabled.",
        );
    }
    if (user.is_anonymous && input.password && !input.email && !input.phone && !user.email && !user.phone) {
      throw unprocessable(
        ErrorCode.validation_failed,
        "Updating password of an anonymous user without an email or phone is not allowed",
      );
    }
    if (user.is_sso_user && (changesCredentials || input.nonce)) {
      throw unprocessable(
        ErrorCode.user_sso_managed,
        "Updating email, phone, password of a SSO account only possible via SSO",
      );
    }
    const wantsEmail = input.email !== undefined && input.email !== (user.email ?? "");
    const wantsPhone = input.phone !== undefined && input.phone !== (user.phone ?? "");
    if (wantsEmail && (await findUserByEmail(sql, input.email ?? ""))) throw emailExists();
    if (wantsPhone && (await findUserByPhone(sql, input.phone ?? ""))) throw phoneExists();
    // matches GoTrue: an empty password leaves the password alone
    if (input.password !== undefined && input.password !== "") {
      user = await changePassword(core, sql, user, session, input.password, input.nonce, ip);
    }
    if (input.data)
      user = await updateUser(sql, user.id, { raw_user_meta_data: mergeMetadata(user.raw_user_meta_data, input.data) });
    if (input.appMetadata)
      user = await updateUser(sql, user.id, {
        raw_app_meta_data: mergeMetadata(user.raw_app_meta_data, input.appMetadata),
      });
    if (wantsEmail) user = await changeEmail(core, sql, user, input.email ?? "", input.pkce, input.redirectTo);
    if (wantsPhone) user = await changePhone(core, sql, user, input.phone ?? "", settings.smsAutoconfirm);
    await recordAudit(sql, { actor: user, action: "user_modified", logType: "user", ip });
    return userJson(user, await listIdentities(sql, user.id));
  });
}

type Sql = Parameters<typeof updateUser>[0];

async function changeEmail(
  core: AuthCore,
  sql: Sql,
  user: UserRow,
  email: string,
  pkce: PkceParams | undefined,
  redirectTo: string,
): Promise<UserRow> {
  if (user.is_anonymous && core.settings().mailerAutoconfirm) {
    await upsertIdentity(sql, user.id, "email", { sub: user.id, email, email_verified: false, phone_verified: false });
    const updated = await updateUser(sql, user.id, { email, email_confirmed_at: new Date(), is_anonymous: false });
    return syncProviders(sql, updated);
  }
  const pending = await updateUser(sql, user.id, { email_change: email, email_change_confirm_status: 0 });
  if (pkce) await createFlowState(sql, user.id, pkce, "email_change");
  return sendEmailChange(core, sql, pending, redirectTo, pkce !== undefined);
}

async function changePhone(
  core: AuthCore,
  sql: Sql,
  user: UserRow,
  phone: string,
  autoconfirm: boolean,
): Promise<UserRow> {
  if (autoconfirm) {
    await upsertIdentity(sql, user.id, "phone", { sub: user.id, phone, email_verified: false, phone_verified: true });
    return syncProviders(
      sql,
      await updateUser(sql, user.id, { phone, phone_confirmed_at: new Date(), is_anonymous: false }),
    );
  }
  const pending = await updateUser(sql, user.id, { phone_change: phone });
  return sendSmsToken(core, sql, pending, "phone_change", phone);
}
