import { matchSorter } from "match-sorter";
import { itemKey, type SwitcherItem } from "./switcher-item";

/** At most this many results are listed: more would be read out one by one and help nobody. */
export const resultLimit = 50;

/**
 * Orders the switcher's items for a query. An empty query lists recent places first (most recent first), then the
 * rest: live channels, people, archived channels, each by name. A query keeps what match-sorter matches (exact,
 * prefix, word start, acronym, letters in order; accents ignored) best match first, and among equal matches recent
 * ones first.
 *
 * @example rankSwitcherItems(items, "gnrl", ["channel:…"]) // → [#general, …]
 */
export function rankSwitcherItems(items: SwitcherItem[], query: string, recentKeys: string[]): SwitcherItem[] {
  const recency = new Map(recentKeys.map((key, index) => [key, index]));
  const recentRank = (item: SwitcherItem) => recency.get(itemKey(item)) ?? Number.POSITIVE_INFINITY;
  const group = (item: SwitcherItem) => (item.kind === "person" ? 1 : item.kind === "channel" && item.archived ? 2 : 0);
  const byRecencyThenGroupThenName = (a: SwitcherItem, b: SwitcherItem) =>
    recentRank(a) - recentRank(b) || group(a) - group(b) || a.name.localeCompare(b.name);

  const trimmed = query.trim().replace(/^[#@]/, "");
  if (trimmed === "") return [...items].sort(byRecencyThenGroupThenName).slice(0, resultLimit);
  return matchSorter(items, trimmed, {
    keys: ["name", (item) => (item.kind === "person" ? item.username : "")],
    baseSort: (a, b) => byRecencyThenGroupThenName(a.item, b.item),
  }).slice(0, resultLimit);
}
