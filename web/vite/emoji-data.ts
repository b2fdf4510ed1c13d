import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import type { Plugin } from "vite";

const require = createRequire(import.meta.url);
const readJson = (specifier: string): unknown => JSON.parse(readFileSync(require.resolve(specifier), "utf8"));

const setId = "virtual:parley-emoji-set";
const namesPrefix = "virtual:parley-emoji-names/";
/** The app's languages; CLDR names each of them (emojibase-data has no Arabic, hence CLDR for all). */
const languages = new Set(["en", "de", "fr", "es", "ja", "ar"]);
const skinModifiers = ["1F3FB", "1F3FC", "1F3FD", "1F3FE", "1F3FF"];
/** emojibase's group 2 is "component" (skin tones, hair): parts, not emoji to pick. */
const componentGroup = 2;

type CompactEmoji = {
  group?: number;
  hexcode: string;
  order?: number;
  unicode: string;
  skins?: { hexcode: string; unicode: string }[];
};
type Annotations = Record<string, { default?: string[]; tts?: string[] }>;

/** CLDR's keys leave out U+FE0F (emoji presentation), which emojibase's keep. */
export const annotationKey = (emoji: string) => emoji.replaceAll("\uFE0F", "");

/**
 * Every emoji of the current Unicode version in CLDR's order, as rows of
 * `[emoji, group, GitHub shortcodes, the five single-skin-tone variants or 0]`.
 */
function emojiSet(): unknown[] {
  const data = readJson("emojibase-data/en/compact.json") as CompactEmoji[];
  const shortcodes = readJson("emojibase-data/en/shortcodes/github.json") as Record<string, string | string[]>;
  return data
    .filter((entry) => entry.group !== undefined && entry.group !== componentGroup)
    .sort((a, b) => (a.order ?? 0) - (b.order ?? 0))
    .map((entry) => {
      const codes = shortcodes[entry.hexcode] ?? [];
      const tones = skinModifiers.map(
        (modifier) =>
          entry.skins?.find((skin) => {
            const parts = skin.hexcode.split("-");
            return parts.includes(modifier) && parts.filter((part) => skinModifiers.includes(part)).length === 1;
          })?.unicode,
      );
      return [
        entry.unicode,
        entry.group,
        (Array.isArray(codes) ? codes : [codes]).join(" "),
        tones.every(Boolean) ? tones : 0,
      ];
    });
}

/** One language's names: emoji (without U+FE0F) → `name\tkeywords`, from CLDR's annotations and derived ones. */
function emojiNames(language: string): Record<string, string> {
  const full = readJson(`cldr-annotations-full/annotations/${language}/annotations.json`) as {
    annotations: { annotations: Annotations };
  };
  const derived = readJson(`cldr-annotations-derived-full/annotationsDerived/${language}/annotations.json`) as {
    annotationsDerived: { annotations: Annotations };
  };
  const all = { ...derived.annotationsDerived.annotations, ...full.annotations.annotations };
  const names: Record<string, string> = {};
  for (const [emoji] of emojiSet() as [string][]) {
    const key = annotationKey(emoji);
    const entry = all[key];
    if (entry) names[key] = `${entry.tts?.[0] ?? ""}\t${(entry.default ?? []).join(" ")}`;
  }
  return names;
}

/**
 * Emoji data served by the app itself (Parley runs offline: no CDN), cut at build time to what
 * the picker reads: `virtual:parley-emoji-set` (emoji, group, shortcodes, skin tones; from
 * emojibase-data) and `virtual:parley-emoji-names/<language>` (CLDR's names and keywords). Each is
 * a chunk of its own that loads with the picker or the first `:` typed.
 */
export function emojiData(): Plugin {
  return {
    name: "parley:emoji-data",
    resolveId(id) {
      return id === setId || id.startsWith(namesPrefix) ? `\0${id}` : null;
    },
    load(id) {
      if (!id.startsWith("\0virtual:parley-emoji")) return null;
      const name = id.slice(1);
      if (name === setId) return `export default JSON.parse(${JSON.stringify(JSON.stringify(emojiSet()))});`;
      const language = name.slice(namesPrefix.length);
      if (!languages.has(language)) throw new Error(`No emoji names for "${language}" (importing ${name})`);
      return `export default JSON.parse(${JSON.stringify(JSON.stringify(emojiNames(language)))});`;
    },
  };
}
