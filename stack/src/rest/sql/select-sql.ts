// A read node → one SELECT with its embeds as LATERAL joins, JSON built by PostgreSQL
// (PostgREST QueryBuilder.hs `readPlanToQuery`).

import type { Filter, SelectField } from "../parse/index.ts";
import { errors } from "../errors.ts";
import { fieldSql, filterSql, logicSql } from "../plan/filters.ts";
import { embedAt, type EmbedNode, type ReadNode } from "../plan/read-tree.ts";
import { ident, qualified, type Params } from "./params.ts";
import { embedKeys, fieldKey } from "./output-keys.ts";

export interface NodeSqlOptions {
  /** FROM clause for this level; defaults to the table (root) or `table AS alias` (embeds). */
  readonly from?: string;
  /** Extra WHERE conditions (the join condition of an embed). */
  readonly where?: readonly string[];
  /** Count mode: `SELECT 1`, no order or range, only the joins filters need. */
  readonly countOnly?: boolean;
  /** Whether root filters apply (false when they already went into a mutation). */
  readonly ordered?: boolean;
}

function fieldItem(node: ReadNode, item: SelectField, p: Params): string {
  if (item.field.name === "*" && item.aggregate === "count")
    return `${wrapCast("count(*)", item.aggregateCast)} AS ${ident(fieldKey(item))}`;
  if (item.field.name === "*") return `${ident(node.alias)}.*`;
  let expr = fieldSql(node.alias, item.field, node.table, p);
  if (item.cast !== undefined) expr = `CAST(${expr} AS ${item.cast})`;
  if (item.aggregate !== undefined) expr = wrapCast(`${item.aggregate}(${expr})`, item.aggregateCast);
  return `${expr} AS ${ident(fieldKey(item))}`;
}

const wrapCast = (expr: string, cast: string | undefined) => (cast === undefined ? expr : `CAST(${expr} AS ${cast})`);

function embedItems(embed: EmbedNode): string[] {
  const ja = ident(embed.joinAlias);
  if (embed.empty) return [];
  if (embed.spread)
    return embedKeys(embed).map((k) =>
      embed.toOne ? `${ja}.${ident(k)} AS ${ident(k)}` : `COALESCE(${ja}.${ident(k)}, '[]') AS ${ident(k)}`,
    );
  return [
    embed.toOne
      ? `row_to_json(${ja}.*)::jsonb AS ${ident(embed.key)}`
      : `COALESCE(${ja}.${ja}, '[]') AS ${ident(embed.key)}`,
  ];
}

function joinCondition(parent: ReadNode, embed: EmbedNode): { from: string; where: string[] } {
  const rel = embed.relationship;
  const child = embed.node;
  const childFrom = `${qualified(rel.target.schema, rel.target.name)} AS ${ident(child.alias)}`;
  const p = ident(parent.alias);
  const c = ident(child.alias);
  if (rel.kind === "fk")
    return { from: childFrom, where: rel.columns.map(([o, t]) => `${c}.${ident(t)} = ${p}.${ident(o)}`) };
  if (rel.kind === "m2m") {
    const j = ident(`${rel.junction.table.name}_${child.depth}`);
    const { sourceKey, targetKey } = rel.junction;
    return {
      from: `${childFrom}, ${qualified(rel.junction.table.schema, rel.junction.table.name)} AS ${j}`,
      where: [
        ...sourceKey.columns.map((col, i) => `${j}.${ident(col)} = ${p}.${ident(sourceKey.foreignColumns[i] ?? "")}`),
        ...targetKey.columns.map((col, i) => `${j}.${ident(col)} = ${c}.${ident(targetKey.foreignColumns[i] ?? "")}`),
      ],
    };
  }
  const originType = qualified(rel.origin.schema, rel.origin.name);
  return { from: `${qualified(rel.function.schema, rel.function.name)}(${p}::${originType}) AS ${c}`, where: [] };
}

function joinSql(parent: ReadNode, embed: EmbedNode, p: Params): string {
  const { from, where } = joinCondition(parent, embed);
  const childSql = nodeSelect(embed.node, p, { from, where });
  const ja = ident(embed.joinAlias);
  const kind = embed.inner ? "INNER" : "LEFT";
  if (embed.toOne) return `${kind} JOIN LATERAL (${childSql}) AS ${ja} ON TRUE`;
  const aggregates = embed.spread
    ? [
        ...embedKeys(embed).map((k) => `COALESCE(json_agg(${ja}.${ident(k)}), '[]')::jsonb AS ${ident(k)}`),
        `nullif(count(*), 0) AS ${ja}`,
      ]
    : [`json_agg(${ja})::jsonb AS ${ja}`];
  return `${kind} JOIN LATERAL (SELECT ${aggregates.join(", ")} FROM (${childSql}) AS ${ja}) AS ${ja} ON ${embed.inner ? `${ja}.${ja} IS NOT NULL` : "TRUE"}`;
}

function isNullFilter(filter: Filter): boolean | undefined {
  const op = filter.operation;
  if (filter.field.jsonPath.length > 0 || op.operator !== "is" || (op.value !== "null" && op.value !== "not_null"))
    return undefined;
  return (op.value === "null") !== filter.negated;
}

/** A filter on this level: a column condition, or `rel=is.null` / `rel=not.is.null` on an embed. */
function renderFilter(node: ReadNode, filter: Filter, p: Params, used: Set<EmbedNode>): string {
  const wantsNull = isNullFilter(filter);
  const embed = wantsNull === undefined ? undefined : embedAt(node, filter.field.name);
  if (embed === undefined || wantsNull === undefined) return filterSql(node.alias, filter, node.table, p);
  used.add(embed);
  const ja = ident(embed.joinAlias);
  if (embed.toOne) return `${ja} IS ${wantsNull ? "NOT DISTINCT" : "DISTINCT"} FROM NULL`;
  return `${ja}.${ja} IS ${wantsNull ? "" : "NOT "}NULL`;
}

function orderSql(node: ReadNode, p: Params): string[] {
  return (node.order ?? []).map((term) => {
    let expr: string;
    if (term.kind === "relation") {
      const embed = embedAt(node, term.relation);
      if (!embed) throw errors.notEmbedded(term.relation);
      if (!embed.toOne) throw errors.relatedOrder(node.name.name, term.relation);
      expr = fieldSql(embed.joinAlias, term.field, embed.node.table, p);
    } else expr = fieldSql(node.alias, term.field, node.table, p);
    const dir = term.direction === undefined ? "" : ` ${term.direction.toUpperCase()}`;
    const nulls = term.nulls === undefined ? "" : ` NULLS ${term.nulls.toUpperCase()}`;
    return `${expr}${dir}${nulls}`;
  });
}

/** `SELECT … FROM … [JOIN LATERAL …] WHERE … ORDER BY … LIMIT … OFFSET …` for one level. */
export function nodeSelect(node: ReadNode, p: Params, options: NodeSqlOptions = {}): string {
  const used = new Set<EmbedNode>();
  // Filters first: they decide which joins a count needs.
  const conditions = [
    ...(options.where ?? []),
    ...node.filters.map((f) => renderFilter(node, f, p, used)),
    ...node.logic.map((tree) => logicSql(tree, (f) => renderFilter(node, f, p, used))),
  ];
  const embeds = node.output.filter((o): o is EmbedNode => o.kind === "embed");
  const joined = options.countOnly ? embeds.filter((e) => e.inner || used.has(e)) : embeds;
  const joins = joined.map((e) => joinSql(node, e, p));
  const grouped = node.output.some((o) => o.kind === "field" && o.aggregate !== undefined);
  const entries = options.countOnly
    ? []
    : node.output.flatMap((o) => {
        if (o.kind === "embed") return embedItems(o).map((sql) => ({ sql, aggregate: false }));
        // With aggregates, `*` becomes explicit columns so each can be a GROUP BY term (upstream).
        if (grouped && o.field.name === "*" && o.aggregate === undefined) {
          return (node.table?.columns ?? []).map((c) => ({
            sql: `${ident(node.alias)}.${ident(c.name)}`,
            aggregate: false,
          }));
        }
        return [{ sql: fieldItem(node, o, p), aggregate: o.aggregate !== undefined }];
      });
  const items = options.countOnly ? ["1"] : entries.map((e) => e.sql);
  const from =
    options.from ??
    (node.depth === 0
      ? qualified(node.name.schema, node.name.name)
      : `${qualified(node.name.schema, node.name.name)} AS ${ident(node.alias)}`);
  let sql = `SELECT ${items.join(", ")} FROM ${from}${joins.map((j) => ` ${j}`).join("")}`;
  if (conditions.length > 0) sql += ` WHERE ${conditions.join(" AND ")}`;
  if (grouped && !options.countOnly) {
    const groups = entries.flatMap((e, i) => (e.aggregate ? [] : [i + 1]));
    if (groups.length > 0) sql += ` GROUP BY ${groups.join(", ")}`;
  }
  if (options.countOnly) return sql;
  const order = orderSql(node, p);
  if (order.length > 0 && options.ordered !== false) sql += ` ORDER BY ${order.join(", ")}`;
  if (node.range.limit !== undefined) sql += ` LIMIT ${p.add(String(node.range.limit))}`;
  if (node.range.offset > 0) sql += ` OFFSET ${p.add(String(node.range.offset))}`;
  return sql;
}
