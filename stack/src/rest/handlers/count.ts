// `Prefer: count=exact|planned|estimated`: exact is a scalar subquery of the main
// statement; planned reads EXPLAIN's top-node estimate; estimated mixes both around max-rows.
// Where the page and the count read the same rows, one scan answers both (`countsPageRows`).

import type { PreferCount, RowRange } from "../parse/index.ts";
import type { ReadNode } from "../plan/read-tree.ts";
import type { Params } from "../sql/params.ts";

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

/**
 * Whether the count query of `root` (`nodeSelect(…, { countOnly: true })`) yields one row for each
 * row of its page before the range: the same table, conditions and row-filtering joins. The page
 * adds the embeds no filter needs as `LEFT JOIN LATERAL`; a to-many one aggregates to exactly one
 * row, but a to-one one may match several (a computed relationship declared `ROWS 1` is not held
 * to it), and aggregates group rows — those keep their own count.
 */
export function countsPageRows(root: ReadNode): boolean {
  return root.output.every((item) =>
    item.kind === "embed" ? !item.toOne || item.inner : item.aggregate === undefined,
  );
}

/** `count(*)` of the rows `pgrst_source` selects: the total, when those are the count query's rows. */
export const ALL_ROWS = "pg_catalog.count(*)";

/**
 * The page size of a body-less answer (HEAD) whose `pgrst_source` is the count query: what the
 * range leaves of the total, `least(greatest(total - offset, 0), limit)`, with no page rows read.
 */
export function pageOfCount(range: RowRange, p: Params): string {
  const past = range.offset === 0 ? ALL_ROWS : `greatest(${ALL_ROWS} - ${p.add(String(range.offset))}::bigint, 0)`;
  return range.limit === undefined ? past : `least(${past}, ${p.add(String(range.limit))}::bigint)`;
}
