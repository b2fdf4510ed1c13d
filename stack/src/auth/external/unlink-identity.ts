import { inTransaction } from "../../db/index.ts";
import { recordAudit } from "../audit/audit-log.ts";
import type { AuthCore } from "../core.ts";
import { ErrorCode, internal, unprocessable } from "../errors.ts";
import { syncProviders } from "../users/identities.ts";
import { listIdentities, updateUser } from "../users/user-queries.ts";
import type { UserRow } from "../users/user-row.ts";
import { EmailConflictError, updateEmailFromIdentities } from "./primary-email.ts";

/**
 * DELETE /user/identities/{id} (auth: identity.go DeleteIdentity): never the last identity (422
 * `single_identity_not_deletable`), only the caller's (422 `identity_not_found`); unlinking `phone`
 * clears the phone, any other re-derives the primary email from the remaining identities.
 */
export async function unlinkIdentity(
  core: AuthCore,
  user: UserRow,
  identityId: string,
  ip: string | null,
): Promise<void> {
  await inTransaction(core.pool, async (sql) => {
    const identities = await listIdentities(sql, user.id);
    if (identities.length <= 1)
      throw unprocessable(
        ErrorCode.single_identity_not_deletable,
        "User must have at least 1 identity after unlinking",
      );
    const target = identities.find((identity) => identity.id === identityId);
    if (!target) throw unprocessable(ErrorCode.identity_not_found, "Identity doesn't exist");
    await recordAudit(sql, {
      actor: user,
      action: "identity_unlinked",
      logType: "user",
      ip,
      traits: { identity_id: target.id, provider: target.provider, provider_id: target.provider_id },
    });
    await sql.query("delete from auth.identities where id = $1", [target.id]);
    let updated: UserRow;
    if (target.provider === "phone") {
      updated = await updateUser(sql, user.id, { phone: null, phone_confirmed_at: null });
    } else {
      try {
        updated = await updateEmailFromIdentities(sql, user, core.settings().mailerAutoconfirm);
      } catch (error) {
        if (error instanceof EmailConflictError)
          throw unprocessable(
            ErrorCode.email_conflict_identity_not_deletable,
            "Unable to unlink identity due to email conflict",
          );
        throw internal("Database error updating user email");
      }
    }
    await syncProviders(sql, updated);
  });
}
