// Work derived from one parsed request, one target and the shape of its body (the payload's
// columns), remembered like `shape-memo.ts`: on the shared parse, so it goes with that parse or
// with the schema cache it belongs to. A parse sees few body shapes; each keeps the last few.

import type { ParsedRequest } from "../parse/index.ts";
import { LruMap } from "./lru-map.ts";
import { createShapeMemo } from "./shape-memo.ts";

/** Body shapes kept per (parse, target); the least recently used goes first. */
const BODY_SHAPES_PER_REQUEST_SHAPE = 16;

/** A memo: `compile()`'s result for (parsed, target, bodyShape), computed once. A throw is not remembered. */
export type BodyShapeMemo<V> = (parsed: ParsedRequest, target: object, bodyShape: string, compile: () => V) => V;

/**
 * Creates one memo. `bodyShape` must name everything of the body the compiled value depends on
 * (the payload's keys in order, …) — never its values, which are bound per request.
 * @example const remembered = createBodyShapeMemo<CompiledWrite>(); remembered(parsed, table, JSON.stringify(keys), () => compile());
 */
export function createBodyShapeMemo<V>(): BodyShapeMemo<V> {
  const byRequestShape = createShapeMemo<LruMap<string, V>>();
  return (parsed, target, bodyShape, compile) => {
    const shapes = byRequestShape(parsed, target, () => new LruMap(BODY_SHAPES_PER_REQUEST_SHAPE));
    const known = shapes.get(bodyShape);
    if (known !== undefined) return known;
    const value = compile();
    shapes.set(bodyShape, value);
    return value;
  };
}
