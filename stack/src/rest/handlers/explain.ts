// `Accept: application/vnd.pgrst.plan+text|json; for="…"; options=…` (PostgREST `explainF`): the
// main statement is not run but explained, in the same transaction it would have had.

import type { Database } from "../../db/index.ts";
import { runExplain } from "./execute.ts";
import type { ExplainRequest } from "./negotiate.ts";
import type { RestRequest } from "./request-context.ts";
import type { Answer } from "./respond.ts";

const OPTION_SQL = { analyze: "ANALYZE", verbose: "VERBOSE", settings: "SETTINGS", buffers: "BUFFERS", wal: "WAL" };

/**
 * Answers the plan of `sql` (its bind values included) with 200 and the plan media type.
 * @example return explainAnswer(db, request, sql, p.values, media.plan, true);
 */
export async function explainAnswer(
  db: Database,
  request: RestRequest,
  sql: string,
  values: unknown[],
  plan: ExplainRequest,
  readOnly: boolean,
): Promise<Answer> {
  const options = [`FORMAT ${plan.format.toUpperCase()}`, ...plan.options.map((option) => OPTION_SQL[option])];
  const body = await runExplain(db, request, `EXPLAIN (${options.join(", ")}) ${sql}`, values, readOnly);
  return { status: 200, body, headers: { "Content-Type": plan.contentType } };
}
