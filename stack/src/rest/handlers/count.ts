// `Prefer: count=exact|planned|estimated`: exact is a scalar subquery of the main
// statement; planned reads EXPLAIN's top-node estimate; estimated mixes both around max-rows.

import type { PreferCount } from "../parse/index.ts";

export function exactCountSql(countQuery: string): string {
  return `(SELECT pg_catalog.count(*) FROM (${countQuery}) _pgrst_count)`;
}

export async function plannedCount(
  query: (sql: string, values: unknown[]) => Promise<Record<string, unknown>[]>,
  countQuery: string,
  values: unknown[],
): Promise<number> {
  const rows = await query(`EXPLAIN (FORMAT JSON) ${countQuery}`, values);
  const plan = rows[0]?.["QUERY PLAN"] as { Plan?: { "Plan Rows"?: number } }[] | undefined;
  return Math.round(plan?.[0]?.Plan?.["Plan Rows"] ?? 0);
}

export function countSqlFor(
  kind: PreferCount | undefined,
  countQuery: string,
  maxRows: number | undefined,
): string | undefined {
  if (kind === "exact") return exactCountSql(countQuery);
  if (kind === "estimated" && maxRows !== undefined) return exactCountSql(`${countQuery} LIMIT ${maxRows + 1}`);
  return undefined;
}
