// `limit`, `offset` and the `Range` header as row ranges (PostgREST QueryParams.hs `ranges`,
// ApiRequest.hs `getRanges`, RangeQuery.hs). Ranges are inclusive [lower, upper] over integers,
// upper `null` meaning unbounded; "empty" means upper < lower, and all empty ranges are equal.

import { invalidRangeError, putLimitNotAllowedError, type RestError } from "./errors.ts";
import { readInteger } from "./haskell-read.ts";
import type { RowRange } from "./types.ts";

export interface IntRange {
  readonly lower: bigint;
  readonly upper: bigint | null;
}

const ALL: IntRange = { lower: 0n, upper: null };
const EMPTY: IntRange = { lower: 1n, upper: -(1n << 80n) };
/** `limit=0`, the one empty range a request may ask for. */
const LIMIT_ZERO: IntRange = { lower: 0n, upper: -1n };

function isEmpty(range: IntRange): boolean {
  return range.upper !== null && range.upper < range.lower;
}

function intersect(a: IntRange, b: IntRange): IntRange {
  if (isEmpty(a) || isEmpty(b)) return EMPTY;
  const lower = a.lower > b.lower ? a.lower : b.lower;
  const upper = a.upper === null ? b.upper : b.upper === null ? a.upper : a.upper < b.upper ? a.upper : b.upper;
  return { lower, upper };
}

function sameRange(a: IntRange, b: IntRange): boolean {
  return (isEmpty(a) && isEmpty(b)) || (a.lower === b.lower && a.upper === b.upper);
}

function hasLimitZero(range: IntRange): boolean {
  return range.upper === LIMIT_ZERO.upper;
}

/** `limit=n` → rows 0..n-1; an unreadable value means no limit. */
export function limitRange(value: string): IntRange {
  const n = readInteger(value);
  return n === undefined ? ALL : { lower: 0n, upper: n - 1n };
}

/** `offset=m` → rows m..; an unreadable value means no offset. */
export function offsetRange(value: string): IntRange {
  const m = readInteger(value);
  return m === undefined ? ALL : { lower: m, upper: null };
}

/** Both given: `offset` rows skipped, then `limit` rows (a missing/unreadable limit counts as 0). */
export function combineLimitOffset(limit: IntRange, offset: IntRange): IntRange {
  const count = limit.upper === null ? 0n : limit.upper - limit.lower + 1n;
  return { lower: offset.lower, upper: offset.lower + count - 1n };
}

const RANGE_HEADER = /^([0-9]+)-([0-9]*)$/;

/** `Range: 0-24` or `Range: 10-`; anything else (including `bytes=0-24`) is ignored. */
export function parseRangeHeader(value: string | undefined): IntRange {
  const match = value === undefined ? null : RANGE_HEADER.exec(value);
  if (match === null) return ALL;
  const lower: IntRange = { lower: BigInt(match[1] ?? "0"), upper: null };
  const upperText = match[2] ?? "";
  const upper: IntRange = upperText === "" ? ALL : { lower: -(1n << 80n), upper: BigInt(upperText) };
  return intersect(lower, upper);
}

export function toRowRange(range: IntRange): RowRange {
  const offset = Number(range.lower);
  return range.upper === null ? { offset } : { offset, limit: Number(range.upper - range.lower + 1n) };
}

/**
 * The root range: `limit`/`offset` intersected with the `Range` header (GET only), with the
 * errors PostgREST raises here (PGRST103 for an empty range other than `limit=0`, PGRST114 for
 * PUT with limit/offset).
 */
export function resolveTopLevelRange(
  method: string,
  queryRange: IntRange | undefined,
  rangeHeader: string | undefined,
): { ok: true; range: IntRange } | { ok: false; error: RestError } {
  const headerRange = method === "GET" ? parseRangeHeader(rangeHeader) : ALL;
  const limit = queryRange ?? ALL;
  const range = hasLimitZero(limit) ? LIMIT_ZERO : intersect(headerRange, limit);
  if (isEmpty(range) && !hasLimitZero(limit)) {
    return { ok: false, error: invalidRangeError(isEmpty(headerRange) ? "lower-gt-upper" : "negative-limit") };
  }
  if (method === "PUT" && !sameRange(range, ALL)) return { ok: false, error: putLimitNotAllowedError() };
  return { ok: true, range };
}
