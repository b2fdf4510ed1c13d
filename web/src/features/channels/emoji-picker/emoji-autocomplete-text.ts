import type { EmojiEntry } from "../../../lib/emoji/emoji-catalog";
import { searchEmoji } from "../../../lib/emoji/emoji-search";
import { type SkinTone, withSkinTone } from "../../../lib/emoji/skin-tone";

export { loadEmojiCatalog } from "../../../lib/emoji/emoji-catalog";
export { recordEmojiUse } from "../../../lib/emoji/emoji-usage";
export { readSkinTone } from "../../../lib/emoji/skin-tone";
export { emojiQueryAt, insertEmoji } from "./emoji-query";

/** One suggestion of the `:` autocomplete: the emoji it inserts, its name and its first shortcode. */
export type EmojiOption = { id: string; emoji: string; name: string; shortcode: string | null };

/** At most eight emoji matching what follows the `:`, in the person's skin tone (as Slack lists them). */
export function emojiOptions(entries: readonly EmojiEntry[], query: string, tone: SkinTone): EmojiOption[] {
  return searchEmoji(entries, query, 8).map((entry) => ({
    id: entry.emoji,
    emoji: withSkinTone(entry, tone),
    name: entry.name,
    shortcode: entry.shortcodes[0] ?? null,
  }));
}
