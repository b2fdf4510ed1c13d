import type { CustomEmoji } from "../../../lib/custom-emoji/workspace-emoji";
import type { EmojiEntry } from "../../../lib/emoji/emoji-catalog";
import { searchEmoji } from "../../../lib/emoji/emoji-search";
import { type SkinTone, withSkinTone } from "../../../lib/emoji/skin-tone";

export { loadEmojiCatalog } from "../../../lib/emoji/emoji-catalog";
export { recordEmojiUse } from "../../../lib/emoji/emoji-usage";
export { readSkinTone } from "../../../lib/emoji/skin-tone";
export { emojiQueryAt, insertEmoji } from "./emoji-query";

/** One suggestion of the `:` autocomplete: the emoji it inserts, its name and its first shortcode. */
export type EmojiOption = {
  id: string;
  /** What choosing it inserts: the emoji, or a custom emoji's `:name:`. */
  emoji: string;
  name: string;
  shortcode: string | null;
  /** A custom emoji's image. */
  image: CustomEmoji | null;
};

/**
 * At most eight emoji matching what follows the `:`, the workspace's own first (by name), then
 * Unicode's in the person's skin tone (as Slack lists them).
 */
export function emojiOptions(
  entries: readonly EmojiEntry[],
  custom: readonly CustomEmoji[],
  query: string,
  tone: SkinTone,
): EmojiOption[] {
  const needle = query.toLowerCase();
  const own: EmojiOption[] = custom
    .filter((emoji) => emoji.name.includes(needle))
    .sort((a, b) => Number(!a.name.startsWith(needle)) - Number(!b.name.startsWith(needle)))
    .map((emoji) => ({
      id: emoji.id,
      emoji: `:${emoji.name}:`,
      name: `:${emoji.name}:`,
      shortcode: null,
      image: emoji,
    }));
  const unicode = searchEmoji(entries, query, 8).map((entry) => ({
    id: entry.emoji,
    emoji: withSkinTone(entry, tone),
    name: entry.name,
    shortcode: entry.shortcodes[0] ?? null,
    image: null,
  }));
  return [...own, ...unicode].slice(0, 8);
}
