// Runs one main statement in one transaction as the caller; `after` may throw a RestProblem to roll
// back deliberately (singular, max-affected, PUT key). The transaction then ends as `db-tx-end` and
// `Prefer: tx=` say (PostgREST MainTx.hs `optionalRollback`).

import type { Database } from "../../db/index.ts";
import { toRestProblem } from "../pg-error.ts";
import type { StatementRow } from "../sql/statement.ts";
import type { RestRequest } from "./request-context.ts";

export interface RunOptions {
  readonly readOnly: boolean;
  /** Runs after the main statement, inside the transaction. */
  readonly after?: (
    row: StatementRow,
    query: (sql: string, values: unknown[]) => Promise<Record<string, unknown>[]>,
  ) => Promise<void> | void;
}

/** Carries the result out of a transaction that is deliberately rolled back. */
class RolledBack extends Error {
  constructor(readonly row: StatementRow) {
    super("rolled back as requested");
  }
}

/** `Prefer: tx=rollback` (when `db-tx-end` allows overriding), or `db-tx-end = rollback*` without `tx=commit`. */
export function shouldRollback(request: RestRequest): boolean {
  const tx = request.parsed.preferences.tx;
  return tx === "rollback" || (request.config.txEnd.rollbackAll && tx !== "commit");
}

export async function runStatement(
  db: Database,
  request: RestRequest,
  sql: string,
  values: unknown[],
  options: RunOptions,
): Promise<StatementRow> {
  try {
    return await db.asCaller(
      { role: request.role, claims: request.claims },
      async (client) => {
        const result = await client.query<StatementRow>({ text: sql, values });
        const row = result.rows[0];
        if (!row) throw new Error("main statement returned no row");
        await options.after?.(row, async (text, vals) => (await client.query({ text, values: vals })).rows);
        if (shouldRollback(request)) {
          // Deferred constraints still report their errors before the rollback (upstream).
          await client.query("SET CONSTRAINTS ALL IMMEDIATE");
          throw new RolledBack(row);
        }
        return row;
      },
      { settings: request.settings, readOnly: options.readOnly },
    );
  } catch (error) {
    if (error instanceof RolledBack) return error.row;
    throw toRestProblem(error, request.authenticated);
  }
}
