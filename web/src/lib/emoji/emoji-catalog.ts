import type { Locale } from "../i18n/locales";

/** One emoji as the picker and the `:` autocomplete offer it. */
export type EmojiEntry = {
  emoji: string;
  /** emojibase's group: 0 smileys, 1 people, 3 animals, 4 food, 5 travel, 6 activities, 7 objects, 8 symbols, 9 flags. */
  group: number;
  /** CLDR's short name in the reader's language (English when CLDR has none). */
  name: string;
  shortcodes: string[];
  /** The five single-skin-tone variants, light to dark, when the emoji takes one. */
  skins: string[] | null;
  /** Lower-cased names and keywords in the reader's language and English, and the shortcodes: what search reads. */
  searchText: string;
};

const names: Record<Locale, () => Promise<{ default: Record<string, string> }>> = {
  en: () => import("virtual:parley-emoji-names/en"),
  de: () => import("virtual:parley-emoji-names/de"),
  fr: () => import("virtual:parley-emoji-names/fr"),
  es: () => import("virtual:parley-emoji-names/es"),
  ja: () => import("virtual:parley-emoji-names/ja"),
  ar: () => import("virtual:parley-emoji-names/ar"),
};

const withoutPresentation = (emoji: string) => emoji.replaceAll("\uFE0F", "");

async function buildCatalog(locale: Locale): Promise<EmojiEntry[]> {
  const [set, local, english] = await Promise.all([
    import("virtual:parley-emoji-set"),
    names[locale](),
    locale === "en" ? null : names.en(),
  ]);
  return set.default.map(([emoji, group, shortcodes, skins]) => {
    const key = withoutPresentation(emoji);
    const [name = "", keywords = ""] = (local.default[key] ?? "").split("\t");
    const englishText = english?.default[key]?.replace("\t", " ") ?? "";
    const codes = shortcodes ? shortcodes.split(" ") : [];
    return {
      emoji,
      group,
      name: name || english?.default[key]?.split("\t")[0] || codes[0] || emoji,
      shortcodes: codes,
      skins: skins || null,
      searchText: [name, keywords, englishText, ...codes].join(" ").toLocaleLowerCase(),
    };
  });
}

const catalogs = new Map<Locale, Promise<EmojiEntry[]>>();

/**
 * Every emoji with its names in `locale` (and English), loaded once per language: the data is a
 * chunk of its own that the app serves itself (no CDN), fetched when the picker first opens or a
 * `:` is first typed.
 * @example const entries = await loadEmojiCatalog("ja"); searchEmoji(entries, "ねこ")
 */
export function loadEmojiCatalog(locale: Locale): Promise<EmojiEntry[]> {
  let catalog = catalogs.get(locale);
  if (!catalog) {
    catalog = buildCatalog(locale);
    catalog.catch(() => catalogs.delete(locale)); // a failed load (offline) is tried again next time
    catalogs.set(locale, catalog);
  }
  return catalog;
}
