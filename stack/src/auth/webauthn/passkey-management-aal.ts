import { ErrorCode, forbidden } from "../errors.ts";
import type { SessionRow } from "../sessions/session-store.ts";
import type { Sql } from "../users/user-queries.ts";

/**
 * A user with a verified MFA factor manages passkeys only from an aal2 session (403
 * `insufficient_aal`, GoTrue's requirePasskeyManagementAAL): otherwise a stolen first factor could
 * add a passkey that signs in without the second one.
 */
export async function requirePasskeyManagementAal(
  sql: Sql,
  userId: string,
  session: SessionRow | undefined,
): Promise<void> {
  const { rowCount } = await sql.query(
    "select 1 from auth.mfa_factors where user_id = $1 and status = 'verified' limit 1",
    [userId],
  );
  if ((rowCount ?? 0) === 0 || session?.aal === "aal2") return;
  throw forbidden(ErrorCode.insufficient_aal, "AAL2 session is required to manage passkeys when MFA is enabled");
}
