// Modules the build makes from emojibase-data and CLDR (web/vite/emoji-data.ts).

declare module "virtual:parley-emoji-set" {
  /** `[emoji, group, GitHub shortcodes (space-separated), the five skin-tone variants or 0]`, in CLDR order. */
  const rows: [string, number, string, string[] | 0][];
  export default rows;
}

declare module "virtual:parley-emoji-names/*" {
  /** Emoji without U+FE0F → `name\tkeywords` in one language (CLDR annotations). */
  const names: Record<string, string>;
  export default names;
}
