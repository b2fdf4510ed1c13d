import { use } from "react";
import { isMarkdownFree } from "../../../lib/markdown/markdown-free-text";
import { useCustomEmojiByName } from "../../../lib/custom-emoji/custom-emoji-context";
import { mentionsShortcode, useShortcodeTable } from "./emoji-shortcodes";
import { loadMarkdownFormatting, useLoadedMarkdownFormatting } from "./markdown-formatting";
import type { MentionReader } from "./render-markdown";
import { renderShortcodes } from "./render-shortcodes";

/**
 * A message body with its Markdown formatting, as React elements (text is never parsed as HTML).
 * A body with no Markdown in it (`isMarkdownFree`) renders as the one paragraph the parser would
 * make of it, without the parser or the renderer; any other suspends until both have loaded
 * (`loadMarkdownFormatting`), so it never shows unformatted (the timeline keeps what it showed
 * meanwhile, see `useShownMessages`). Emoji shortcodes like `:tada:` show as written until the
 * emoji table has loaded; a workspace's custom emoji show as their images. Mentions (`<@user-id>`) show as chips with the person's current name.
 */
export function FormattedText({ text, mentions }: { text: string; mentions?: MentionReader }) {
  const markdownFree = isMarkdownFree(text);
  const loaded = useLoadedMarkdownFormatting();
  const formatting = markdownFree ? null : (loaded ?? use(loadMarkdownFormatting()));
  const shortcodes = useShortcodeTable(mentionsShortcode(text));
  const custom = useCustomEmojiByName();
  if (!formatting) return <p>{renderShortcodes(text, shortcodes, custom)}</p>;
  return <>{formatting.render(formatting.parse(text), shortcodes, mentions, custom)}</>;
}
