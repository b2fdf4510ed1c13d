// Runs one main statement in one transaction as the caller, after the `db-pre-request` function if
// one is configured; `after` may throw a RestProblem to roll back deliberately (singular,
// max-affected, PUT key). The transaction then ends as `db-tx-end` and `Prefer: tx=` say
// (PostgREST MainTx.hs `optionalRollback`). A request with nothing to decide before the end of its
// transaction (no `after`, no rollback asked) sends BEGIN, settings, statement and COMMIT in one
// round trip; the others pay a second one for their decision and COMMIT/ROLLBACK.

import type pg from "pg";
import type { Database, Statement } from "../../db/index.ts";
import { toRestProblem } from "../pg-error.ts";
import { ident, qualified } from "../sql/params.ts";
import type { StatementRow } from "../sql/statement.ts";
import type { RestRequest } from "./request-context.ts";

export interface RunOptions {
  readonly readOnly: boolean;
  /**
   * Runs after the main statement, inside the transaction. Pass it only when it can throw or
   * query: without it the transaction commits in the same round trip as the statement.
   */
  readonly after?: (
    row: StatementRow,
    query: (sql: string, values: unknown[]) => Promise<Record<string, unknown>[]>,
  ) => Promise<void> | void;
}

/** Carries the result out of a transaction that is deliberately rolled back. */
class RolledBack extends Error {
  constructor(readonly result: unknown) {
    super("rolled back as requested");
  }
}

/** `Prefer: tx=rollback` (when `db-tx-end` allows overriding), or `db-tx-end = rollback*` without `tx=commit`. */
export function shouldRollback(request: RestRequest): boolean {
  const tx = request.parsed.preferences.tx;
  return tx === "rollback" || (request.config.txEnd.rollbackAll && tx !== "commit");
}

/** Runs `work` in the caller's transaction and ends it as `db-tx-end` / `Prefer: tx` say. */
async function inCallerTransaction<T>(
  db: Database,
  request: RestRequest,
  readOnly: boolean,
  work: (client: pg.PoolClient) => Promise<T>,
): Promise<T> {
  try {
    return await db.asCaller(
      { role: request.role, claims: request.claims },
      async (client) => {
        const pre = preRequestStatement(request);
        if (pre) await client.query(pre);
        const result = await work(client);
        if (shouldRollback(request)) {
          // Deferred constraints still report their errors before the rollback (upstream).
          await client.query("SET CONSTRAINTS ALL IMMEDIATE");
          throw new RolledBack(result);
        }
        return result;
      },
      { settings: request.settings, readOnly },
    );
  } catch (error) {
    if (error instanceof RolledBack) return error.result as T;
    throw toRestProblem(error, request.authenticated);
  }
}

/** `select <db-pre-request>()`, when one is configured. */
function preRequestStatement(request: RestRequest): Statement | undefined {
  const pre = request.config.preRequest;
  if (!pre) return undefined;
  return { text: `select ${pre.schema === undefined ? ident(pre.name) : qualified(pre.schema, pre.name)}()` };
}

/** The statement (after `db-pre-request`) and COMMIT in the same round trip as BEGIN and the settings. */
async function runInOneExchange(
  db: Database,
  request: RestRequest,
  statement: Statement,
  readOnly: boolean,
): Promise<StatementRow> {
  const pre = preRequestStatement(request);
  let results: pg.QueryResult[];
  try {
    results = await db.queryAsCaller(
      { role: request.role, claims: request.claims },
      pre ? [pre, statement] : [statement],
      { settings: request.settings, readOnly },
    );
  } catch (error) {
    throw toRestProblem(error, request.authenticated);
  }
  const row = results.at(-1)?.rows[0] as StatementRow | undefined;
  if (!row) throw new Error("main statement returned no row");
  return row;
}

export function runStatement(
  db: Database,
  request: RestRequest,
  sql: string,
  boundValues: readonly unknown[],
  options: RunOptions,
): Promise<StatementRow> {
  // A copy: the values of a remembered statement are shared between requests.
  const values = [...boundValues];
  if (options.after === undefined && !shouldRollback(request))
    return runInOneExchange(db, request, { text: sql, values, reuse: true }, options.readOnly);
  return inCallerTransaction(db, request, options.readOnly, async (client) => {
    const result = await client.query<StatementRow>({ text: sql, values });
    const row = result.rows[0];
    if (!row) throw new Error("main statement returned no row");
    await options.after?.(row, async (text, vals) => (await client.query({ text, values: vals })).rows);
    return row;
  });
}

/** The output of EXPLAIN as PostgreSQL prints it: one line per row, each ended by a newline (upstream). */
export function runExplain(
  db: Database,
  request: RestRequest,
  explainSql: string,
  values: unknown[],
  readOnly: boolean,
): Promise<string> {
  return inCallerTransaction(db, request, readOnly, async (client) => {
    const result = await client.query<{ "QUERY PLAN": string }>({
      text: explainSql,
      values,
      // The plan's own text, not JSON parsed and printed again.
      types: { getTypeParser: () => (text: string) => text },
    });
    return result.rows.map((row) => `${row["QUERY PLAN"]}\n`).join("");
  });
}
