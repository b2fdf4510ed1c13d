import type { ReactNode } from "react";
import { CustomEmojiImage } from "../../../lib/custom-emoji/custom-emoji-image";
import type { CustomEmoji } from "../../../lib/custom-emoji/workspace-emoji";
import { replaceShortcodes, type ShortcodeTable } from "./emoji-shortcodes";

/** `:name:` as GitHub and Slack write it (the custom emoji's names are a subset). */
const shortcodePattern = /:([a-z0-9_+-]+):/g;

/**
 * Text with its shortcodes shown: a workspace's custom emoji as its image (alt `:name:`, so copying
 * and screen readers get the code), a standard one as its emoji (`replaceShortcodes`); unknown
 * names stay as written. Plain text when the workspace has no custom emoji in it.
 */
export function renderShortcodes(
  text: string,
  shortcodes: ShortcodeTable | null,
  custom: ReadonlyMap<string, CustomEmoji>,
): ReactNode {
  if (custom.size === 0) return replaceShortcodes(text, shortcodes);
  const parts: ReactNode[] = [];
  let last = 0;
  for (const match of text.matchAll(shortcodePattern)) {
    const emoji = custom.get(match[1] ?? "");
    if (!emoji) continue;
    parts.push(replaceShortcodes(text.slice(last, match.index), shortcodes));
    parts.push(<CustomEmojiImage key={match.index} name={emoji.name} url={emoji.url} />);
    last = match.index + match[0].length;
  }
  if (parts.length === 0) return replaceShortcodes(text, shortcodes);
  parts.push(replaceShortcodes(text.slice(last), shortcodes));
  return parts;
}
