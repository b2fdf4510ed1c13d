// Sorting query parameters into select / filters / logic / order / ranges / columns / on_conflict
// and parsing each with its grammar, in PostgREST's order so the same error wins
// (QueryParams.hs `parse`: order, logic, columns, select, filters, on_conflict).

import { alt, pure, type Parser } from "./combinators.ts";
import { opExpr, singleValue, type OpExpr } from "./filter.ts";
import { parseWith, type Parsed } from "./grammar.ts";
import { logicPath, logicTree } from "./logic.ts";
import { orderTerms } from "./order.ts";
import { canonicalQueryString, type QueryPair } from "./query-string.ts";
import { combineLimitOffset, limitRange, offsetRange, type IntRange } from "./range.ts";
import { selectList } from "./select.ts";
import { columnList, treePath } from "./tokens.ts";
import type { Filter, LogicTree, OrderTerm, Scoped, SelectItem } from "./types.ts";

/** Keys used as they are: the first occurrence counts. */
const RESERVED = new Set(["select", "columns", "on_conflict"]);
/** Keys reserved by their last `.` segment, so they can target an embed: `rel.order`. */
const RESERVED_EMBEDDABLE = new Set(["order", "limit", "offset", "and", "or"]);
/** Handled by the gateway (the API key may come as a query parameter); never a filter. */
const GATEWAY_PARAMS = new Set(["apikey"]);

export interface QueryParams {
  readonly select: SelectItem[];
  readonly filters: Scoped<Filter>[];
  readonly logic: Scoped<LogicTree>[];
  readonly order: Scoped<OrderTerm[]>[];
  readonly columns?: string[];
  readonly onConflict?: string[];
  readonly rpcArgs: (readonly [string, string])[];
  /** `limit`/`offset` by raw key (`offset` keys renamed to `…limit`), the last occurrence winning. */
  readonly ranges: Map<string, IntRange>;
  readonly canonicalQuery: string;
}

function lastSegment(key: string): string {
  const parts = key.split(".");
  return parts[parts.length - 1] ?? "";
}

function withLastSegment(key: string, segment: string): string {
  return [...key.split(".").slice(0, -1), segment].join(".");
}

/** Runs `parse` over items in order and stops at the first failure. */
function each<A, B>(items: readonly A[], parse: (item: A) => Parsed<B>): Parsed<B[]> {
  const out: B[] = [];
  for (const item of items) {
    const result = parse(item);
    if (!result.ok) return result;
    out.push(result.value);
  }
  return { ok: true, value: out };
}

function parseOrder([key, value]: readonly [string, string]): Parsed<Scoped<OrderTerm[]>> {
  const path = parseWith(treePath, key, `failed to parse tree path (${key})`);
  if (!path.ok) return path;
  const terms = parseWith(orderTerms, value, `failed to parse order (${value})`);
  return terms.ok ? { ok: true, value: { path: path.value.path, value: terms.value } } : terms;
}

function parseLogic([key, value]: readonly [string, string]): Parsed<Scoped<LogicTree>> {
  const head = parseWith(logicPath, key, `failed to parse logic path (${key})`);
  if (!head.ok) return head;
  // The operator is glued to the value so `or=(…)` parses like a nested `or(…)`.
  const tree = parseWith(logicTree, head.value.operator + value, `failed to parse logic tree (${value})`);
  return tree.ok ? { ok: true, value: { path: head.value.path, value: tree.value } } : tree;
}

type FilterOrArg = { kind: "filter"; value: Scoped<Filter> } | { kind: "arg"; value: readonly [string, string] };

function parseFilter(isRpcRead: boolean) {
  return ([key, value]: readonly [string, string]): Parsed<FilterOrArg> => {
    const target = parseWith(treePath, key, `failed to parse tree path (${key})`);
    if (!target.ok) return target;
    // On GET/HEAD /rpc/fn, a value that is not an operator expression is a function argument.
    const grammar: Parser<OpExpr | null> = isRpcRead
      ? alt<OpExpr | null>(opExpr(singleValue), pure(null))
      : opExpr(singleValue);
    const expr = parseWith(grammar, value, `failed to parse filter (${value})`);
    if (!expr.ok) return expr;
    const { path, field } = target.value;
    if (expr.value === null) return { ok: true, value: { kind: "arg", value: [field.name, value] } };
    const filter = { field, negated: expr.value.negated, operation: expr.value.operation };
    return { ok: true, value: { kind: "filter", value: { path, value: filter } } };
  };
}

function optionalList(value: string | undefined, name: string): Parsed<string[] | undefined> {
  if (value === undefined) return { ok: true, value: undefined };
  return parseWith(columnList, value, `failed to parse ${name} parameter (${value})`);
}

function collectRanges(params: readonly (readonly [string, string])[]): Map<string, IntRange> {
  const limits = new Map<string, IntRange>();
  const offsets = new Map<string, IntRange>();
  for (const [key, value] of params) {
    const segment = lastSegment(key);
    if (segment === "limit") limits.set(key, limitRange(value));
    if (segment === "offset") offsets.set(withLastSegment(key, "limit"), offsetRange(value));
  }
  const ranges = new Map(limits);
  for (const [key, offset] of offsets) {
    const limit = limits.get(key);
    ranges.set(key, limit === undefined ? offset : combineLimitOffset(limit, offset));
  }
  return ranges;
}

/**
 * Parses the query parameters of one request (without headers). `isRpcRead` is true for GET/HEAD
 * on `/rpc/fn`, where non-operator values become function arguments.
 */
export function parseQueryParams(pairs: readonly QueryPair[], isRpcRead: boolean): Parsed<QueryParams> {
  const kept = pairs.filter(([key]) => !GATEWAY_PARAMS.has(key));
  const withValue = kept.flatMap(([key, value]) => (value === null ? [] : [[key, value] as const]));
  const lookup = (name: string) => kept.find(([key]) => key === name)?.[1] ?? undefined;
  const endingIn = (words: readonly string[]) => withValue.filter(([key]) => words.includes(lastSegment(key)));

  const order = each(endingIn(["order"]), parseOrder);
  if (!order.ok) return order;
  const logic = each(endingIn(["and", "or"]), parseLogic);
  if (!logic.ok) return logic;
  const columns = optionalList(lookup("columns"), "columns");
  if (!columns.ok) return columns;
  const selectText = lookup("select") ?? "*";
  const select = parseWith(selectList, selectText, `failed to parse select parameter (${selectText})`);
  if (!select.ok) return select;
  const filterParams = withValue.filter(([key]) => !RESERVED.has(key) && !RESERVED_EMBEDDABLE.has(lastSegment(key)));
  const filters = each(filterParams, parseFilter(isRpcRead));
  if (!filters.ok) return filters;
  const onConflict = optionalList(lookup("on_conflict"), "on_conflict");
  if (!onConflict.ok) return onConflict;

  return {
    ok: true,
    value: {
      select: select.value,
      filters: filters.value.flatMap((f) => (f.kind === "filter" ? [f.value] : [])),
      logic: logic.value,
      order: order.value,
      ...(columns.value === undefined ? {} : { columns: [...new Set(columns.value)] }),
      ...(onConflict.value === undefined ? {} : { onConflict: onConflict.value }),
      rpcArgs: filters.value.flatMap((f) => (f.kind === "arg" ? [f.value] : [])),
      ranges: collectRanges(endingIn(["limit", "offset"])),
      canonicalQuery: canonicalQueryString(kept),
    },
  };
}
