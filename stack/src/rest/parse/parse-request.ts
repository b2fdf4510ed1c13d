// The entry point: query parameters plus headers in, a typed request tree or a PostgREST error out,
// following ApiRequest.hs `userApiRequest` (profile → query string → ranges) for which error wins.

import { unacceptableSchemaError, type RestError } from "./errors.ts";
import { parseWith } from "./grammar.ts";
import { firstHeader, headerValues, latin1ToUtf8, type HeaderSource } from "./headers.ts";
import { decodeMediaType, parseAccept } from "./media-type.ts";
import { parsePreferences } from "./prefer.ts";
import { parseQueryParams } from "./query-params.ts";
import type { QueryPair } from "./query-string.ts";
import { selectLimitError } from "./select-limits.ts";
import { resolveTopLevelRange, toRowRange, type IntRange } from "./range.ts";
import { treePath } from "./tokens.ts";
import type { ParsedRequest, RowRange, Scoped } from "./types.ts";

export interface ParseContext {
  /** The HTTP method; `GET` when omitted. */
  readonly method?: string;
  /** What the path names: a table or view (default), a function under `/rpc/`, or the schema root. */
  readonly target?: "relation" | "rpc" | "root";
  /** The exposed schemas (`db-schemas`); when given, a profile header naming another is PGRST106. */
  readonly schemas?: readonly string[];
  /** Time zones the database knows, for `Prefer: timezone=`; omitted, any name is accepted. */
  readonly timezones?: ReadonlySet<string>;
  /** Whether `Prefer: tx=` may override the transaction end (Supabase: false). */
  readonly txAllowOverride?: boolean;
}

export type ParseResult =
  { readonly ok: true; readonly value: ParsedRequest } | { readonly ok: false; readonly error: RestError };

const WRITE_METHODS = new Set(["POST", "PUT", "PATCH", "DELETE"]);

function embedRanges(
  ranges: ReadonlyMap<string, IntRange>,
): { ok: true; value: Scoped<RowRange>[] } | { ok: false; error: RestError } {
  const byPath = new Map<string, Scoped<RowRange>>();
  for (const [key, range] of ranges) {
    if (key === "limit") continue;
    const target = parseWith(treePath, key, `failed to parse tree path (${key})`);
    if (!target.ok) return target;
    // A key like `a->b.limit` resolves to the root; the root's own `limit` stays authoritative.
    if (target.value.path.length === 0) continue;
    byPath.set(JSON.stringify(target.value.path), { path: target.value.path, value: toRowRange(range) });
  }
  return { ok: true, value: [...byPath.values()] };
}

/**
 * Parses a `/rest/v1` request's query parameters and headers into a typed tree, or the error
 * PostgREST answers (PGRST100 grammar, PGRST103 range, PGRST106 profile, PGRST114 PUT range).
 * `params` are the decoded pairs in order (`URLSearchParams` works; `parseQueryString` keeps
 * `;` separators and bare keys exactly as PostgREST does). The `apikey` parameter is ignored.
 *
 * @example
 * const result = parseQuery(
 *   new URLSearchParams("select=id,author:users(name)&id=gt.10&order=id.desc&limit=5"),
 *   { prefer: "count=exact" },
 * );
 * if (result.ok) result.value.filters[0];
 * // → { path: [], value: { field: { name: "id", jsonPath: [] }, negated: false,
 * //                        operation: { operator: "gt", value: "10" } } }
 */
export function parseQuery(
  params: Iterable<QueryPair>,
  headers?: HeaderSource,
  context: ParseContext = {},
): ParseResult {
  const method = (context.method ?? "GET").toUpperCase();
  const target = context.target ?? "relation";
  const profileHeader = firstHeader(headers, WRITE_METHODS.has(method) ? "content-profile" : "accept-profile");
  const profile = profileHeader === undefined ? undefined : latin1ToUtf8(profileHeader);
  if (profile !== undefined && context.schemas !== undefined && !context.schemas.includes(profile)) {
    return { ok: false, error: unacceptableSchemaError(profile, context.schemas) };
  }

  const isRpcRead = target === "rpc" && (method === "GET" || method === "HEAD");
  const query = parseQueryParams([...params], isRpcRead);
  if (!query.ok) return query;
  const tooLarge = selectLimitError(query.value.select);
  if (tooLarge) return { ok: false, error: tooLarge };
  const topLevel = resolveTopLevelRange(method, query.value.ranges.get("limit"), firstHeader(headers, "range"));
  if (!topLevel.ok) return topLevel;
  // Upstream applies embed ranges only to reads and RPC; writes skip them (key errors included).
  const embedded =
    target === "relation" && WRITE_METHODS.has(method)
      ? { ok: true as const, value: [] }
      : embedRanges(query.value.ranges);
  if (!embedded.ok) return embedded;

  const contentType = firstHeader(headers, "content-type");
  const { ranges: _ranges, ...rest } = query.value;
  return {
    ok: true,
    value: {
      ...rest,
      range: toRowRange(topLevel.range),
      embedRanges: embedded.value,
      preferences: parsePreferences(headerValues(headers, "prefer"), context),
      accept: parseAccept(firstHeader(headers, "accept")),
      contentType: contentType === undefined ? { kind: "json" } : decodeMediaType(contentType),
      ...(profile === undefined ? {} : { profile }),
    },
  };
}
