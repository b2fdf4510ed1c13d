// Runs one main statement in one transaction as the caller; `check` may throw a
// RestProblem to roll back deliberately (singular, max-affected, PUT key).

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
        return row;
      },
      { settings: request.settings, readOnly: options.readOnly },
    );
  } catch (error) {
    throw toRestProblem(error, request.authenticated);
  }
}
