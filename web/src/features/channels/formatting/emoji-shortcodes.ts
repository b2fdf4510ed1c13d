import { useEffect } from "react";
import { loadedOnce } from "../../../lib/loaded-once";

/** Shortcode name → emoji, e.g. `tada` → 🎉. Null until the table has loaded. */
export type ShortcodeTable = ReadonlyMap<string, string>;

/** `:name:` as GitHub and Slack write it: lower-case letters, digits, `_`, `+` and `-`. */
const shortcodePattern = /:([a-z0-9_+-]+):/g;

const shortcodeTable = loadedOnce<ShortcodeTable>(() =>
  import("gemoji").then(
    ({ gemoji }) => new Map(gemoji.flatMap((entry) => entry.names.map((name) => [name, entry.emoji] as const))),
  ),
);

/**
 * Loads GitHub's emoji table (`gemoji`, the one GitHub itself uses for `:tada:`) into its own
 * chunk, once; later calls get the same promise.
 */
export const loadShortcodeTable = shortcodeTable.load;

/** True if the text has something that looks like a shortcode (so the table is worth loading). */
export function mentionsShortcode(text: string): boolean {
  return new RegExp(shortcodePattern.source).test(text);
}

/** Replaces known `:name:` shortcodes with their emoji; unknown names stay as written. */
export function replaceShortcodes(text: string, shortcodes: ShortcodeTable | null): string {
  if (!shortcodes) return text;
  return text.replace(shortcodePattern, (whole, name: string) => shortcodes.get(name) ?? whole);
}

/**
 * The shortcode table for a message that needs it: null while it loads (the shortcodes show as
 * written until then), and the same table for every message once loaded.
 */
export function useShortcodeTable(needed: boolean): ShortcodeTable | null {
  const current = shortcodeTable.useLoaded();
  useEffect(() => {
    if (needed && !current) void loadShortcodeTable();
  }, [needed, current]);
  return current;
}
