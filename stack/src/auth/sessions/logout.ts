import type { AuthCore } from "../core.ts";
import { inTransaction } from "../../db/index.ts";
import { recordAudit } from "../audit/audit-log.ts";
import type { UserRow } from "../users/user-row.ts";
import type { ClientInfo } from "./session-store.ts";

export type LogoutScope = "global" | "local" | "others";

/**
 * POST /logout (auth: internal/api/logout.go): deletes all, the current, or all other sessions;
 * refresh tokens and amr claims cascade. Without a session id every session goes.
 * @example await logout(core, user, sessionId, "local", clientInfo);
 */
export async function logout(
  core: AuthCore,
  user: UserRow,
  sessionId: string | undefined,
  scope: LogoutScope,
  client: ClientInfo,
): Promise<void> {
  await inTransaction(core.pool, async (sql) => {
    if (scope === "local" && sessionId) await sql.query("delete from auth.sessions where id = $1", [sessionId]);
    else if (scope === "others" && sessionId)
      await sql.query("delete from auth.sessions where user_id = $1 and id <> $2", [user.id, sessionId]);
    else if (scope !== "others" || !sessionId)
      await sql.query("delete from auth.sessions where user_id = $1", [user.id]);
    await recordAudit(sql, { actor: user, action: "logout", logType: "account", ip: client.ip });
  });
}
