// The read plan: the select tree with each embed's relationship resolved and each embed-scoped
// filter, order and range attached to its node (PostgREST Plan.hs `readPlan`).

import { errors } from "../errors.ts";
import type { Filter, LogicTree, OrderTerm, ParsedRequest, RowRange, SelectField, SelectItem } from "../parse/index.ts";
import type { QualifiedName, Relationship, SchemaCache, Table } from "../schema-cache/types.ts";
import { qualifiedKey } from "../schema-cache/types.ts";
import { findRelationship, isToOne } from "./relationship.ts";

export interface EmbedNode {
  readonly kind: "embed";
  /** Output key (alias or relation name). */
  readonly key: string;
  readonly relationName: string;
  readonly alias?: string;
  readonly relationship: Relationship;
  readonly joinAlias: string;
  readonly spread: boolean;
  readonly inner: boolean;
  readonly empty: boolean;
  readonly toOne: boolean;
  readonly node: ReadNode;
}

export interface ReadNode {
  readonly table: Table | undefined;
  readonly name: QualifiedName;
  /** The SQL alias columns of this level are qualified with. */
  readonly alias: string;
  readonly depth: number;
  readonly output: (SelectField | EmbedNode)[];
  filters: Filter[];
  logic: LogicTree[];
  order: readonly OrderTerm[] | undefined;
  range: RowRange;
}

export interface TreeOptions {
  readonly maxRows: number | undefined;
}

function hasAggregate(items: readonly SelectItem[]): boolean {
  return items.some((item) => (item.kind === "field" ? item.aggregate !== undefined : hasAggregate(item.children)));
}

function buildNode(
  cache: SchemaCache,
  table: Table | undefined,
  name: QualifiedName,
  alias: string,
  depth: number,
  select: readonly SelectItem[],
  range: RowRange,
): ReadNode {
  const node: ReadNode = { table, name, alias, depth, output: [], filters: [], logic: [], order: undefined, range };
  for (const item of select) {
    if (item.kind === "field") {
      node.output.push(item);
      continue;
    }
    if (item.relation === "count" && item.kind === "embed")
      throw errors.raw("PGRST100", 400, '"failed to parse select parameter (count)"');
    const relationship = findRelationship(cache, name, item.relation, item.hint);
    if (item.kind === "spread" && !isToOne(relationship) && hasAggregate(item.children)) {
      throw errors.notImplemented("Aggregates are not implemented for one-to-many or many-to-many spreads.");
    }
    const target = cache.tables.get(qualifiedKey(relationship.target));
    const key = item.kind === "embed" ? (item.alias ?? item.relation) : item.relation;
    const child = buildNode(
      cache,
      target,
      relationship.target,
      `${relationship.target.name}_${depth + 1}`,
      depth + 1,
      item.children,
      { offset: 0 },
    );
    node.output.push({
      kind: "embed",
      key,
      relationName: item.relation,
      ...(item.kind === "embed" && item.alias !== undefined ? { alias: item.alias } : {}),
      relationship,
      joinAlias: `${name.name}_${key}_${depth + 1}`,
      spread: item.kind === "spread",
      inner: item.joinType === "inner",
      empty: item.children.length === 0,
      toOne: isToOne(relationship),
      node: child,
    });
  }
  return node;
}

/** The embed a path segment names at this level: by alias first, then relation name. */
export function embedAt(node: ReadNode, name: string): EmbedNode | undefined {
  const embeds = node.output.filter((o): o is EmbedNode => o.kind === "embed");
  return (
    embeds.find((e) => e.alias === name) ??
    embeds.find((e) => e.alias === undefined && e.relationName === name) ??
    embeds.find((e) => e.relationName === name)
  );
}

function nodeAt(root: ReadNode, path: readonly string[]): ReadNode {
  let node = root;
  for (const segment of path) {
    const embed = embedAt(node, segment);
    if (!embed) throw errors.notEmbedded(segment);
    node = embed.node;
  }
  return node;
}

function capped(range: RowRange, maxRows: number | undefined): RowRange {
  if (maxRows === undefined) return range;
  return { offset: range.offset, limit: range.limit === undefined ? maxRows : Math.min(range.limit, maxRows) };
}

/**
 * Builds the read tree for `table` (or a function's result) from the parsed request.
 * @example buildReadTree(cache, users, { schema: "public", name: "users" }, "users", request, { maxRows: 1000 })
 */
export function buildReadTree(
  cache: SchemaCache,
  table: Table | undefined,
  name: QualifiedName,
  alias: string,
  request: Pick<ParsedRequest, "select" | "filters" | "logic" | "order" | "range" | "embedRanges">,
  options: TreeOptions & { readonly applyScoped?: boolean },
): ReadNode {
  if (hasAggregate(request.select) && !cache.aggregatesEnabled) throw errors.aggregatesDisabled();
  const select =
    request.select.length === 0 ? [{ kind: "field", field: { name: "*", jsonPath: [] } } as const] : request.select;
  const root = buildNode(cache, table, name, alias, 0, select, capped(request.range, options.maxRows));
  const setRanges = (node: ReadNode) => {
    for (const out of node.output) {
      if (out.kind !== "embed") continue;
      out.node.range = capped(out.node.range, options.maxRows);
      setRanges(out.node);
    }
  };
  setRanges(root);
  for (const scoped of request.embedRanges) nodeAt(root, scoped.path).range = capped(scoped.value, options.maxRows);
  // Writes put root filters in the mutation's WHERE; embedded ones still shape the representation.
  const rootToo = options.applyScoped !== false;
  for (const scoped of request.filters)
    if (rootToo || scoped.path.length > 0) nodeAt(root, scoped.path).filters.push(scoped.value);
  for (const scoped of request.logic)
    if (rootToo || scoped.path.length > 0) nodeAt(root, scoped.path).logic.push(scoped.value);
  for (const scoped of request.order) {
    const node = nodeAt(root, scoped.path);
    if (node.order === undefined) node.order = scoped.value;
  }
  return root;
}
