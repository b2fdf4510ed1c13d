/**
 * Up to two letters for an avatar without a picture: the first letter of the first and last words of
 * a name ("Ada Lovelace" → "AL"), whole characters (grapheme clusters) so emoji and accents stay
 * intact, upper-cased in the name's own script. One word gives one letter ("田中" → "田").
 * @example userInitials("ada lovelace") // "AL"
 */
export function userInitials(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  const first = words[0];
  if (!first) return "?";
  const last = words.length > 1 ? words[words.length - 1] : undefined;
  return [first, last]
    .filter((word): word is string => word !== undefined)
    .map((word) => firstGrapheme(word).toLocaleUpperCase())
    .join("");
}

function firstGrapheme(word: string): string {
  const segments = new Intl.Segmenter(undefined, { granularity: "grapheme" }).segment(word);
  return segments[Symbol.iterator]().next().value?.segment ?? "";
}
