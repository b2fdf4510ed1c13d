// Caps on the size of a `select`. PostgREST has none and hands PostgreSQL whatever it is asked
// for; PostgreSQL then refuses a result of more than 1,664 columns (54011) or spends the statement
// timeout planning a deep chain of embeds (57014), both of which PostgREST answers with 500. Here
// such a request is the client's mistake, answered before any SQL with PostgREST's PGRST100 (400).

import { selectTooLargeError, type RestError } from "./errors.ts";
import type { SelectItem } from "./types.ts";

/** Items a `select` may name in all, its embeds' included (PostgreSQL's own limit is 1,664 a level). */
export const MAX_SELECT_ITEMS = 1000;
/** Embeds (and spreads) inside embeds, counted from the root's first level. */
export const MAX_EMBED_DEPTH = 16;

interface SelectSize {
  items: number;
  depth: number;
}

function measure(items: readonly SelectItem[]): SelectSize {
  let count = items.length;
  let depth = 0;
  for (const item of items) {
    if (item.kind === "field") continue;
    const inner = measure(item.children);
    count += inner.items;
    depth = Math.max(depth, inner.depth + 1);
  }
  return { items: count, depth };
}

/** PGRST100 when `select` names too many items or nests embeds too deeply; undefined otherwise. */
export function selectLimitError(select: readonly SelectItem[]): RestError | undefined {
  const size = measure(select);
  if (size.depth > MAX_EMBED_DEPTH) return selectTooLargeError("depth", size.depth, MAX_EMBED_DEPTH);
  if (size.items > MAX_SELECT_ITEMS) return selectTooLargeError("items", size.items, MAX_SELECT_ITEMS);
  return undefined;
}
