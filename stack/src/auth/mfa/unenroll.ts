import type { AuthCore } from "../core.ts";
import { ErrorCode, unprocessable } from "../errors.ts";
import { inTransaction } from "../../db/index.ts";
import type { SessionRow } from "../sessions/session-store.ts";
import type { UserRow } from "../users/user-row.ts";
import { recordAudit } from "../audit/audit-log.ts";
import type { FactorWithSecret } from "./factor-store.ts";
import { amrMethodOf } from "./raise-session.ts";

/**
 * Removes a factor (challenges cascade). A verified factor needs an aal2 session (422
 * `insufficient_aal`); sessions it raised lose its amr claim and drop to aal1
 * (matches GoTrue's UnenrollFactor and DowngradeSessionsToAAL1).
 */
export async function unenrolFactor(
  core: AuthCore,
  input: { user: UserRow; session: SessionRow | undefined; factor: FactorWithSecret; ip: string | null },
): Promise<{ id: string }> {
  const { factor } = input;
  if (factor.status === "verified" && input.session?.aal !== "aal2") {
    throw unprocessable(ErrorCode.insufficient_aal, "AAL2 required to unenroll verified factor");
  }
  await inTransaction(core.pool, async (sql) => {
    await sql.query(
      "delete from auth.mfa_amr_claims where authentication_method = $2 and session_id in (select id from auth.sessions where factor_id = $1)",
      [factor.id, amrMethodOf(factor.factor_type)],
    );
    await sql.query(
      "update auth.sessions set aal = 'aal1', factor_id = null, updated_at = now() where user_id = $2 and factor_id = $1",
      [factor.id, factor.user_id],
    );
    await sql.query("delete from auth.mfa_factors where id = $1", [factor.id]);
    const traits = { factor_id: factor.id, factor_status: factor.status, session_id: input.session?.id ?? null };
    await recordAudit(sql, { actor: input.user, action: "factor_unenrolled", logType: "factor", ip: input.ip, traits });
  });
  return { id: factor.id };
}
