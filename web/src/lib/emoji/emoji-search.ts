import type { EmojiEntry } from "./emoji-catalog";

/**
 * The emoji whose names, keywords or shortcodes match every word of `query`, best first: a name
 * starting with the query, then a word starting with it, then anywhere. Case and width are
 * ignored (NFKC: a full-width "ｎｅｋｏ" finds "neko"); Japanese and Arabic match inside words.
 */
export function searchEmoji(entries: readonly EmojiEntry[], query: string, limit = Infinity): EmojiEntry[] {
  const words = query.normalize("NFKC").toLocaleLowerCase().trim().split(/\s+/).filter(Boolean);
  if (words.length === 0) return [];
  const scored: { entry: EmojiEntry; score: number; index: number }[] = [];
  entries.forEach((entry, index) => {
    if (!words.every((word) => entry.searchText.includes(word))) return;
    const first = words[0] ?? "";
    const name = entry.name.toLocaleLowerCase();
    const score =
      name === first || entry.shortcodes.includes(first)
        ? 0
        : name.startsWith(first) || entry.shortcodes.some((code) => code.startsWith(first))
          ? 1
          : entry.searchText.startsWith(first) || entry.searchText.includes(` ${first}`)
            ? 2
            : 3;
    scored.push({ entry, score, index });
  });
  return scored
    .sort((a, b) => a.score - b.score || a.index - b.index)
    .slice(0, limit)
    .map(({ entry }) => entry);
}
