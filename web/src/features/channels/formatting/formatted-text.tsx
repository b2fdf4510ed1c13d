import { use, useMemo } from "react";
import { isMarkdownFree, markdownFreeTree } from "../../../lib/markdown/markdown-free-text";
import { loadMessageParser, useLoadedMessageParser } from "../../../lib/markdown/message-parser";
import { mentionsShortcode, useShortcodeTable } from "./emoji-shortcodes";
import { renderMarkdown, type MentionReader } from "./render-markdown";

/**
 * A message body with its Markdown formatting, as React elements (text is never parsed as HTML).
 * A body with no Markdown in it (`isMarkdownFree`) renders without the parser; any other suspends
 * until the parser has loaded, so it never shows unformatted (the timeline keeps what it showed
 * meanwhile, see `useShownMessages`). Emoji shortcodes like `:tada:` show as written until the
 * emoji table has loaded. Mentions (`<@user-id>`) show as chips with the person's current name.
 */
export function FormattedText({ text, mentions }: { text: string; mentions?: MentionReader }) {
  const markdownFree = isMarkdownFree(text);
  const loadedParser = useLoadedMessageParser();
  const parse = markdownFree ? null : (loadedParser ?? use(loadMessageParser()));
  const tree = useMemo(() => (parse ? parse(text) : markdownFreeTree(text)), [parse, text]);
  const shortcodes = useShortcodeTable(mentionsShortcode(text));
  return <>{renderMarkdown(tree, shortcodes, mentions)}</>;
}
