import type { AuthCore } from "../core.ts";
import { emailExists, ErrorCode, notFound, unprocessable } from "../errors.ts";
import { inTransaction } from "../../db/index.ts";
import { recordAudit } from "../audit/audit-log.ts";
import { clearAllTokens } from "../otp/one-time-tokens.ts";
import { banUntil } from "./ban-duration.ts";
import { confirmEmail, confirmPhone } from "./confirm.ts";
import { syncProviders, upsertIdentity } from "./identities.ts";
import { mergeMetadata } from "./metadata.ts";
import { checkPasswordStrength, hashPassword } from "./passwords.ts";
import { findUserByEmail, findUserByPhone, listIdentities, updateUser, type UserChanges } from "./user-queries.ts";
import { userJson, type UserJson } from "./user-json.ts";
import type { UserRow } from "./user-row.ts";

export interface AdminUpdateInput {
  email?: string;
  phone?: string;
  password?: string;
  passwordHash?: string;
  emailConfirm?: boolean;
  phoneConfirm?: boolean;
  userMetadata?: Record<string, unknown>;
  appMetadata?: Record<string, unknown>;
  role?: string;
  banDuration?: string;
}

/**
 * PUT /admin/users/{id} (auth: internal/api/admin.go adminUserUpdate): identifiers replaced directly
 * (identity updated), confirmations, metadata merges (`null` deletes), ban; a new password is
 * policy-checked and signs the user out everywhere.
 */
export async function adminUpdateUser(
  core: AuthCore,
  id: string,
  input: AdminUpdateInput,
  actorIp: string | null,
): Promise<UserJson> {
  if (input.password !== undefined) checkPasswordStrength(core.settings(), input.password);
  const passwordHash =
    input.passwordHash ?? (input.password !== undefined ? await hashPassword(input.password) : undefined);
  const bannedUntil = banUntil(input.banDuration);
  return inTransaction(core.pool, async (sql) => {
    let user = (await sql.query<UserRow>("select * from auth.users where id = $1 for update", [id])).rows[0];
    if (!user) throw notFound(ErrorCode.user_not_found, "User not found");
    const changes: UserChanges = {};
    if (input.email !== undefined && input.email !== user.email) {
      if (await findUserByEmail(sql, input.email)) throw emailExists();
      const identity = (await listIdentities(sql, id)).find((i) => i.provider === "email");
      await upsertIdentity(sql, id, "email", {
        ...(identity?.identity_data ?? { sub: id, email_verified: false, phone_verified: false }),
        email: input.email,
      });
      changes.email = input.email;
    }
    if (input.phone !== undefined && input.phone !== user.phone) {
      if (await findUserByPhone(sql, input.phone))
        throw unprocessable(ErrorCode.phone_exists, "Phone number already registered by another user");
      const identity = (await listIdentities(sql, id)).find((i) => i.provider === "phone");
      await upsertIdentity(sql, id, "phone", {
        ...(identity?.identity_data ?? { sub: id, email_verified: false, phone_verified: false }),
        phone: input.phone,
      });
      changes.phone = input.phone;
    }
    if (passwordHash !== undefined) {
      changes.encrypted_password = passwordHash;
      await clearAllTokens(sql, id);
      await sql.query("delete from auth.sessions where user_id = $1", [id]);
    }
    if (input.role !== undefined) changes.role = input.role;
    if (bannedUntil !== undefined) changes.banned_until = bannedUntil;
    if (input.userMetadata) changes.raw_user_meta_data = mergeMetadata(user.raw_user_meta_data, input.userMetadata);
    if (input.appMetadata) changes.raw_app_meta_data = mergeMetadata(user.raw_app_meta_data, input.appMetadata);
    user = await updateUser(sql, id, changes);
    if (input.emailConfirm && user.email) user = await confirmEmail(sql, user);
    if (input.phoneConfirm && user.phone) user = await confirmPhone(sql, user);
    if (bannedUntil) await sql.query("delete from auth.sessions where user_id = $1", [id]);
    user = await syncProviders(sql, user);
    await recordAudit(sql, { actor: user, action: "user_modified", logType: "user", ip: actorIp });
    return userJson(user, await listIdentities(sql, id));
  });
}
