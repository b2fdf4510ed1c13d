import type { AuthCore } from "../core.ts";
import { ErrorCode, notFound } from "../errors.ts";
import { inTransaction } from "../../db/index.ts";
import { recordAudit } from "../audit/audit-log.ts";
import { findUserById } from "./user-queries.ts";

/**
 * DELETE /admin/users/{id} (auth: internal/api/admin.go adminUserDelete): a hard delete cascades to
 * identities, sessions, factors; a soft delete obfuscates identifiers, clears credentials and
 * metadata, anonymises identities, removes factors and sessions and sets `deleted_at`.
 */
export async function adminDeleteUser(
  core: AuthCore,
  id: string,
  soft: boolean,
  actorIp: string | null,
): Promise<void> {
  await inTransaction(core.pool, async (sql) => {
    const user = await findUserById(sql, id, true);
    if (!user) throw notFound(ErrorCode.user_not_found, "User not found");
    await recordAudit(sql, {
      actor: user,
      action: "user_deleted",
      logType: "team",
      ip: actorIp,
      traits: { user_id: id, user_email: user.email ?? "", user_phone: user.phone ?? "" },
    });
    if (!soft) {
      await sql.query("delete from auth.users where id = $1", [id]);
      return;
    }
    await sql.query("delete from auth.sessions where user_id = $1", [id]);
    await sql.query("delete from auth.mfa_factors where user_id = $1", [id]);
    await sql.query("delete from auth.one_time_tokens where user_id = $1", [id]);
    await sql.query(
      `update auth.identities set provider_id = encode(sha256(provider_id::bytea), 'hex'), identity_data = '{}'::jsonb, updated_at = now()
       where user_id = $1`,
      [id],
    );
    await sql.query(
      `update auth.users set
         email = case when email is null or email = '' then email else encode(sha256(email::bytea), 'hex') end,
         phone = case when phone is null or phone = '' then phone else encode(sha256(phone::bytea), 'hex') end,
         encrypted_password = '', confirmation_token = '', recovery_token = '', email_change_token_new = '',
         email_change_token_current = '', reauthentication_token = '', phone_change_token = '', email_change = '',
         phone_change = '', raw_user_meta_data = '{}'::jsonb, raw_app_meta_data = '{}'::jsonb, deleted_at = now(), updated_at = now()
       where id = $1`,
      [id],
    );
  });
}
