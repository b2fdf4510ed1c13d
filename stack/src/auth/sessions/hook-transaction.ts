import { inTransaction } from "../../db/index.ts";
import type { AuthCore } from "../core.ts";
import type { Sql } from "../users/user-queries.ts";

/**
 * Runs session-issuing work that is a single write statement plus signing: straight on the pool
 * (the statement commits by itself, one round trip, no BEGIN/COMMIT) — or, when the custom access
 * token hook is on, in one transaction, because the hook runs in it and a failing hook must undo
 * the write (as GoTrue runs it inside its transaction).
 * @example const session = await withHookTransaction(core, (sql) => startSession(core, sql, user, "password", client));
 */
export function withHookTransaction<T>(core: AuthCore, work: (sql: Sql) => Promise<T>): Promise<T> {
  return core.settings().hook.custom_access_token?.enabled ? inTransaction(core.pool, work) : work(core.pool);
}
