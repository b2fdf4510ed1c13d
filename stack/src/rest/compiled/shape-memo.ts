// Work derived from one parsed request for one target (a table, a function), remembered on the
// parsed request itself. A parse remembered by `parseRemembered` is shared by every request of
// the same shape under the same schema cache, so what is derived from it (plan, SQL text, bind
// values) is too; it goes when that parse leaves its cache, or with the schema cache it belongs to.

import type { ParsedRequest } from "../parse/index.ts";

/** A memo: `compile()`'s result for (parsed, target), computed once. A throw is not remembered. */
export type ShapeMemo<V> = (parsed: ParsedRequest, target: object, compile: () => V) => V;

/**
 * Creates one memo. Only for work that depends on nothing but the parse, the target and the
 * schema cache in force (the settings derived from it included) — never on the caller or the body.
 * @example const remembered = createShapeMemo<CompiledRead>(); remembered(parsed, table, () => compile());
 */
export function createShapeMemo<V>(): ShapeMemo<V> {
  const byParsed = new WeakMap<ParsedRequest, WeakMap<object, V>>();
  return (parsed, target, compile) => {
    let byTarget = byParsed.get(parsed);
    if (byTarget === undefined) {
      byTarget = new WeakMap();
      byParsed.set(parsed, byTarget);
    }
    const known = byTarget.get(target);
    if (known !== undefined) return known;
    const value = compile();
    byTarget.set(target, value);
    return value;
  };
}
