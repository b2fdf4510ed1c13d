// Parsed requests remembered by their shape: a request whose query string and deciding headers
// were seen before gets the same parse back without running the grammar again. Scoped to one
// schema cache (a WeakMap keyed by it), so a schema reload starts from an empty cache — the
// timezones and in-database settings the parse reads come with that cache.

import {
  parseQuery,
  parseQueryString,
  type HeaderSource,
  type ParseContext,
  type ParseResult,
} from "../parse/index.ts";
import { LruMap } from "./lru-map.ts";

/** Distinct request shapes kept per schema cache; the least recently used goes first. */
const SHAPES_PER_SCOPE = 1000;

/** Longer query strings are parsed every time, so the remembered keys stay small (≤ ~2 MB in all). */
const LONGEST_REMEMBERED_QUERY = 2048;

/** Every header `parseQuery` reads (profile, range, preferences, media types). */
const DECIDING_HEADERS = new Set(["accept", "accept-profile", "content-profile", "content-type", "prefer", "range"]);

const shapesByScope = new WeakMap<object, LruMap<string, ParseResult>>();

/** `"name":value` of a deciding header (JSON tokens, so no name or value can run into another). */
function decidingPart(name: string, value: string | readonly string[] | undefined): string {
  if (value === undefined) return "";
  const lower = name.toLowerCase();
  return DECIDING_HEADERS.has(lower) ? `,${JSON.stringify(lower)}:${JSON.stringify(value)}` : "";
}

/**
 * The key of everything that decides a parse: method, target, the override switch, the raw query
 * string and each deciding header's values in order. Every part is a JSON token, so the parts stay
 * apart whatever they hold. A record of headers is walked in place (it is every request's).
 */
export function requestShapeKey(search: string, headers: HeaderSource, context: ParseContext): string {
  let key = JSON.stringify([
    context.method ?? "GET",
    context.target ?? "relation",
    context.txAllowOverride === true,
    search,
  ]);
  if (typeof (headers as { [Symbol.iterator]?: unknown })[Symbol.iterator] === "function") {
    for (const [name, value] of headers as Iterable<readonly [string, string]>) key += decidingPart(name, value);
  } else {
    const record = headers as Readonly<Record<string, string | readonly string[] | undefined>>;
    for (const name in record) if (Object.hasOwn(record, name)) key += decidingPart(name, record[name]);
  }
  return key;
}

/**
 * `parseQuery(parseQueryString(search), headers, context)`, remembered per `scope` (the schema
 * cache in force). `context.schemas` and `context.timezones` must be the same for every call with
 * one scope; the result is shared between requests and must not be changed.
 * @example const result = parseRemembered(cache, url.search.slice(1), headers, { method, target, schemas });
 */
export function parseRemembered(
  scope: object,
  search: string,
  headers: HeaderSource,
  context: ParseContext,
): ParseResult {
  if (search.length > LONGEST_REMEMBERED_QUERY) return parseQuery(parseQueryString(search), headers, context);
  let shapes = shapesByScope.get(scope);
  if (shapes === undefined) {
    shapes = new LruMap(SHAPES_PER_SCOPE);
    shapesByScope.set(scope, shapes);
  }
  const key = requestShapeKey(search, headers, context);
  const known = shapes.get(key);
  if (known !== undefined) return known;
  const result = parseQuery(parseQueryString(search), headers, context);
  shapes.set(key, result);
  return result;
}
