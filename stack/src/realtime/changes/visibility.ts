import { quoteIdent, type Statement } from "../../db/index.ts";
import { visibleToNewSnapshotsSql } from "./commit-visibility.ts";
import { conditionSql } from "./filters.ts";
import type { RelationInfo } from "./relations.ts";
import type { Subscription } from "./subscriptions.ts";
import type { TextTuple } from "./typed-record.ts";

/**
 * Which of one subscriber's subscriptions see a change, decided in PostgreSQL as that subscriber
 * (role + `request.jwt.claims`, set by whoever runs the statement) like upstream's `apply_rls.sql`:
 * filters evaluated with the column's casting semantics on the new row (old key/row for DELETE),
 * and, when `checkRls`, the row must be selectable through the table's policies
 * (`exists(select 1 from t where pk = …)`). `statement` is null when no check is needed (every
 * subscription matches); `matching` reads the statement's row.
 *
 * A policy check reads the committed row, but the replication stream can deliver a commit a moment
 * before PostgreSQL makes it visible to new snapshots. So an RLS check also answers `committed`:
 * whether transaction `xid` was visible to the very snapshot the check read with (a statement's own
 * snapshot, under read committed). A check that answers false proves nothing and is run again once
 * the transaction is visible (`policy-checks.ts`); without RLS, `committed` is always true.
 */
export interface VisibilityCheck {
  statement: Statement | null;
  matching(row: CheckRow | undefined): Subscription[];
}

export interface CheckRow {
  visible: boolean;
  matches: boolean[];
  committed: boolean;
}

export function visibilityCheck(
  info: RelationInfo,
  subscriptions: Subscription[],
  filterRow: TextTuple,
  keyRow: TextTuple,
  checkRls: boolean,
  xid: number,
): VisibilityCheck {
  const filtered = subscriptions.filter((s) => s.filters.length > 0);
  if (!checkRls && filtered.length === 0) return { statement: null, matching: () => subscriptions };
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
  let committedSql = "true";
  if (checkRls) {
    const keys = info.columns.filter((column) => column.isPkey);
    const where = keys.map(
      (column) => `${quoteIdent(column.name)} = ${param(keyRow[column.name] ?? null)}::text::${column.sqlType}`,
    );
    rlsSql = `exists(select 1 from ${quoteIdent(info.schema)}.${quoteIdent(info.table)} where ${where.join(" and ")})`;
    committedSql = visibleToNewSnapshotsSql(param(xid));
  }
  return {
    statement: {
      text: `select ${rlsSql} as visible, array[${matchSql.join(", ")}]::boolean[] as matches, ${committedSql} as committed`,
      values: params,
      reuse: true,
    },
    matching: (row) => (row?.visible ? subscriptions.filter((_, index) => row.matches[index] === true) : []),
  };
}
