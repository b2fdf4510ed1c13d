// Filters and logic trees → SQL conditions (PostgREST SqlFragment.hs `pgFmtFilter`, `pgFmtLogicTree`).
// Values are always bind parameters.

import type { Field, Filter, LogicTree } from "../parse/index.ts";
import { arrayLiteral, ident, type Params } from "../sql/params.ts";
import type { Table } from "../schema-cache/types.ts";

const COMPARE: Record<string, string> = {
  eq: "=",
  gt: ">",
  gte: ">=",
  lt: "<",
  lte: "<=",
  neq: "<>",
  like: "LIKE",
  ilike: "ILIKE",
  match: "~",
  imatch: "~*",
  cs: "@>",
  cd: "<@",
  ov: "&&",
  sl: "<<",
  sr: ">>",
  nxr: "&<",
  nxl: "&>",
  adj: "-|-",
};
const FTS: Record<string, string> = {
  fts: "to_tsquery",
  plfts: "plainto_tsquery",
  phfts: "phraseto_tsquery",
  wfts: "websearch_to_tsquery",
};
const IS: Record<string, string> = {
  null: "NULL",
  not_null: "NOT NULL",
  true: "TRUE",
  false: "FALSE",
  unknown: "UNKNOWN",
};

/** `"alias"."col"` with its JSON path; non-JSON columns are wrapped in `to_jsonb` before arrows. */
export function fieldSql(alias: string, field: Field, table: Table | undefined, p: Params): string {
  const column = `${ident(alias)}.${ident(field.name)}`;
  if (field.jsonPath.length === 0) return column;
  const base = table?.columnsByName.get(field.name)?.baseType;
  let sql = base === "json" || base === "jsonb" ? column : `to_jsonb(${column})`;
  for (const step of field.jsonPath) {
    const operand =
      step.operand.kind === "index" ? `${p.add(step.operand.value)}::int` : `${p.add(step.operand.value)}::text`;
    sql = `${sql}${step.arrow}${operand}`;
  }
  return sql;
}

const likePattern = (value: string) => value.replaceAll("*", "%");

export function filterSql(alias: string, filter: Filter, table: Table | undefined, p: Params): string {
  const expr = fieldSql(alias, filter.field, table, p);
  const op = filter.operation;
  let sql: string;
  switch (op.operator) {
    case "in":
      sql =
        op.values.length === 1 && op.values[0] === ""
          ? `${expr} = ANY('{}')`
          : `${expr} = ANY(${p.add(arrayLiteral(op.values))})`;
      break;
    case "is":
      sql = `${expr} IS ${IS[op.value] ?? "NULL"}`;
      break;
    case "isdistinct":
      sql = `${expr} IS DISTINCT FROM ${p.add(op.value)}`;
      break;
    case "fts":
    case "plfts":
    case "phfts":
    case "wfts": {
      const lang = op.language === undefined ? undefined : p.add(op.language);
      const base =
        filter.field.jsonPath.length === 0 ? table?.columnsByName.get(filter.field.name)?.baseType : undefined;
      const doc =
        base === "tsvector" || base === undefined
          ? expr
          : `to_tsvector(${lang === undefined ? "" : `${lang}, `}${expr})`;
      sql = `${doc} @@ ${FTS[op.operator]}(${lang === undefined ? "" : `${lang}, `}${p.add(op.value)})`;
      break;
    }
    default: {
      const isLike = op.operator === "like" || op.operator === "ilike";
      const value = isLike ? likePattern(op.value) : op.value;
      const quantifier = "quantifier" in op ? op.quantifier : undefined;
      sql =
        quantifier === undefined
          ? `${expr} ${COMPARE[op.operator]} ${p.add(value)}`
          : `${expr} ${COMPARE[op.operator]} ${quantifier.toUpperCase()}(${p.add(value)})`;
    }
  }
  return filter.negated ? `NOT (${sql})` : sql;
}

/** Renders one filter; `embedCondition` answers `rel=is.null`-style filters naming an embed of this level. */
export type FilterRenderer = (filter: Filter) => string;

export function logicSql(tree: LogicTree, render: FilterRenderer): string {
  if (tree.kind === "filter") return render(tree.filter);
  const joined = tree.children.map((child) => logicSql(child, render)).join(` ${tree.operator.toUpperCase()} `);
  const sql = `(${joined === "" ? (tree.operator === "and" ? "TRUE" : "FALSE") : joined})`;
  return tree.negated ? `NOT ${sql}` : sql;
}
