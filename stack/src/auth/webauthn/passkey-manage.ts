import type { AuthCore } from "../core.ts";
import { ErrorCode, notFound } from "../errors.ts";
import { inTransaction } from "../../db/index.ts";
import { recordAudit } from "../audit/audit-log.ts";
import { isUuid } from "../http/caller.ts";
import type { SessionRow } from "../sessions/session-store.ts";
import type { UserRow } from "../users/user-row.ts";
import { findOwnedPasskey, type PasskeyJson, passkeyJson, type PasskeyRow } from "./credential-store.ts";
import { requirePasskeyManagementAal } from "./passkey-management-aal.ts";

/** Not a UUID, unknown, or another user's → 404 `validation_failed` "Passkey not found", as GoTrue. */
async function ownedPasskey(core: AuthCore, user: UserRow, passkeyId: string): Promise<PasskeyRow> {
  const passkey = isUuid(passkeyId) ? await findOwnedPasskey(core.pool, user.id, passkeyId) : undefined;
  if (!passkey) throw notFound(ErrorCode.validation_failed, "Passkey not found");
  return passkey;
}

/** PATCH /passkeys/{id}: renames the caller's passkey. */
export async function renamePasskey(
  core: AuthCore,
  input: { user: UserRow; passkeyId: string; friendlyName: string; ip: string | null },
): Promise<PasskeyJson> {
  const passkey = await ownedPasskey(core, input.user, input.passkeyId);
  const row = await inTransaction(core.pool, async (sql) => {
    const { rows } = await sql.query<PasskeyRow>(
      "update auth.webauthn_credentials set friendly_name = $2, updated_at = now() where id = $1 returning *",
      [passkey.id, input.friendlyName],
    );
    await recordAudit(sql, {
      actor: input.user,
      action: "passkey_updated",
      logType: "user",
      ip: input.ip,
      traits: { passkey_id: passkey.id },
    });
    return rows[0] as PasskeyRow;
  });
  return passkeyJson(row);
}

/** DELETE /passkeys/{id}: removes the caller's passkey (aal2 when the user has MFA). */
export async function deletePasskey(
  core: AuthCore,
  input: { user: UserRow; session: SessionRow | undefined; passkeyId: string; ip: string | null },
): Promise<void> {
  await requirePasskeyManagementAal(core.pool, input.user.id, input.session);
  const passkey = await ownedPasskey(core, input.user, input.passkeyId);
  await inTransaction(core.pool, async (sql) => {
    await sql.query("delete from auth.webauthn_credentials where id = $1", [passkey.id]);
    await recordAudit(sql, {
      actor: input.user,
      action: "passkey_deleted",
      logType: "user",
      ip: input.ip,
      traits: { passkey_id: passkey.id },
    });
  });
}

/** GoTrue's admin actor (auth.go `requireAdmin`): no id, the token's role as its email. */
const NIL_UUID = "00000000-0000-0000-0000-000000000000";

/**
 * DELETE /admin/users/{id}/passkeys/{pid} (passkey_admin.go `AdminPasskeyDelete`): removes the
 * user's passkey whatever their AAL, audited as `passkey_deleted` by the admin (`user_id`, `passkey_id`).
 */
export async function adminDeletePasskey(
  core: AuthCore,
  input: { user: UserRow; adminRole: string; passkeyId: string; ip: string | null },
): Promise<void> {
  const passkey = await ownedPasskey(core, input.user, input.passkeyId);
  await inTransaction(core.pool, async (sql) => {
    await sql.query("delete from auth.webauthn_credentials where id = $1", [passkey.id]);
    await recordAudit(sql, {
      actor: { id: NIL_UUID, email: input.adminRole, phone: "" },
      action: "passkey_deleted",
      logType: "user",
      ip: input.ip,
      traits: { user_id: input.user.id, passkey_id: passkey.id },
    });
  });
}
