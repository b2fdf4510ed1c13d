import type { AuthCore } from "../core.ts";
import { inTransaction } from "../../db/index.ts";
import type { SessionRow } from "../sessions/session-store.ts";
import type { UserRow } from "../users/user-row.ts";
import { recordAudit } from "../audit/audit-log.ts";
import { insertFactor } from "./factor-store.ts";
import { validateEnrolment } from "./validate-enrolment.ts";

/**
 * Enrols an unverified WebAuthn factor (a security key or platform authenticator as second
 * factor); its credential is created by the first challenge (`create`) and verify. Answers
 * `{id, type, friendly_name}` as GoTrue's enrollWebAuthnFactor.
 */
export async function enrolWebauthnFactor(
  core: AuthCore,
  input: { user: UserRow; session: SessionRow | undefined; friendlyName: string; ip: string | null },
): Promise<{ id: string; type: "webauthn"; friendly_name: string }> {
  const factor = await inTransaction(core.pool, async (sql) => {
    await validateEnrolment(sql, core.settings(), input.user.id, input.friendlyName, input.session);
    const created = await insertFactor(sql, {
      userId: input.user.id,
      type: "webauthn",
      friendlyName: input.friendlyName,
      secret: null,
      phone: null,
    });
    await recordAudit(sql, {
      actor: input.user,
      action: "factor_in_progress",
      logType: "factor",
      ip: input.ip,
      traits: { factor_id: created.id, factor_type: "webauthn" },
    });
    return created;
  });
  return { id: factor.id, type: "webauthn", friendly_name: input.friendlyName };
}
