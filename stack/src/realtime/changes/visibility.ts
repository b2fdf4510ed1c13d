import { quoteIdent, type Database } from "../../db/index.ts";
import type { Claims } from "../channel/token.ts";
import { conditionSql } from "./filters.ts";
import type { RelationInfo } from "./relations.ts";
import type { Subscription } from "./subscriptions.ts";
import type { TextTuple } from "./typed-record.ts";

/**
 * Which of one subscriber's subscriptions see a change, decided in PostgreSQL as that subscriber
 * (role + `request.jwt.claims`) like upstream's `apply_rls.sql`: filters evaluated with the
 * column's casting semantics on the new row (old key/row for DELETE), and, when `checkRls`, the row
 * must be selectable through the table's policies (`exists(select 1 from t where pk = …)`).
 * Returns the matching subscriptions.
 */
export async function visibleSubscriptions(
  db: Database,
  info: RelationInfo,
  claims: Claims,
  subscriptions: Subscription[],
  filterRow: TextTuple,
  keyRow: TextTuple,
  checkRls: boolean,
): Promise<Subscription[]> {
  const filtered = subscriptions.filter((s) => s.filters.length > 0);
  if (!checkRls && filtered.length === 0) return subscriptions;
  const params: unknown[] = [];
  const param = (value: unknown) => {
    params.push(value);
    return `$${params.length}`;
  };
  const types = new Map(info.columns.map((column) => [column.name, column.sqlType]));
  const matchSql = subscriptions.map((subscription) => {
    if (subscription.filters.length === 0) return "true";
    return subscription.filters
      .map((condition) => {
        const type = types.get(condition.column);
        const value = filterRow[condition.column];
        if (type === undefined || value === undefined) return "false";
        return conditionSql(condition, `${param(value)}::text`, type, param(condition.value));
      })
      .join(" and ");
  });
  let rlsSql = "true";
  if (checkRls) {
    const keys = info.columns.filter((column) => column.isPkey);
    const where = keys.map(
      (column) => `${quoteIdent(column.name)} = ${param(keyRow[column.name] ?? null)}::text::${column.sqlType}`,
    );
    rlsSql = `exists(select 1 from ${quoteIdent(info.schema)}.${quoteIdent(info.table)} where ${where.join(" and ")})`;
  }
  const sql = `select ${rlsSql} as visible, array[${matchSql.join(", ")}]::boolean[] as matches`;
  const { rows } = await db.asCaller(
    { role: claims.role, claims },
    (client) => client.query<{ visible: boolean; matches: boolean[] }>(sql, params),
    {
      readOnly: true,
    },
  );
  const row = rows[0];
  if (!row?.visible) return [];
  return subscriptions.filter((_, index) => row.matches[index] === true);
}
