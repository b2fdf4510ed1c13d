import { clearAllTokens } from "../otp/one-time-tokens.ts";
import { mergeMetadata } from "../users/metadata.ts";
import { listIdentities, updateUser, type Sql } from "../users/user-queries.ts";
import type { IdentityRow, UserRow } from "../users/user-row.ts";

const identityEmail = (identity: IdentityRow) => identity.email ?? "";
const identityVerified = (identity: IdentityRow) => identity.identity_data.email_verified === true;

/** Thrown when every remaining identity's email belongs to another user. */
export class EmailConflictError extends Error {}

/**
 * GoTrue's UpdateUserEmailFromIdentities (auth: internal/models/user.go): keeps the email when an
 * identity still has it, else promotes the best identity's email (verified, then unverified, then
 * none; oldest first) that no other user holds, clears pending tokens, and drops the confirmation
 * when the new email is not verified and autoconfirm is off.
 */
export async function updateEmailFromIdentities(sql: Sql, user: UserRow, mailerAutoconfirm: boolean): Promise<UserRow> {
  const identities = await listIdentities(sql, user.id);
  const current = (user.email ?? "").toLowerCase();
  if (identities.some((identity) => identityEmail(identity) === current)) return user;
  const rank = (identity: IdentityRow) => (identityEmail(identity) === "" ? 2 : identityVerified(identity) ? 0 : 1);
  const ordered = [...identities].sort(
    (a, b) =>
      rank(a) - rank(b) || (a.created_at?.getTime() ?? 0) - (b.created_at?.getTime() ?? 0) || a.id.localeCompare(b.id),
  );
  let primary: IdentityRow | undefined;
  for (const identity of ordered) {
    const email = identityEmail(identity);
    const { rows } = await sql.query(
      "select 1 from auth.users where lower(email) = $1 and aud = $2 and id <> $3 and is_sso_user = false limit 1",
      [email, user.aud ?? "authenticated", user.id],
    );
    if (email === "" || rows.length === 0) {
      primary = identity;
      break;
    }
  }
  if (!primary) throw new EmailConflictError("Unable to unlink identity due to email conflict");
  await clearAllTokens(sql, user.id);
  let updated = await updateUser(sql, user.id, {
    email: identityEmail(primary) === "" ? null : identityEmail(primary),
  });
  if (identityEmail(primary) === "" || (!identityVerified(primary) && !mailerAutoconfirm)) {
    updated = await updateUser(sql, user.id, {
      email_confirmed_at: null,
      raw_user_meta_data: mergeMetadata(updated.raw_user_meta_data, { email_verified: false }),
    });
  }
  return updated;
}
