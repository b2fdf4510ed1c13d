import { useMemo } from "react";
import { mentionsShortcode, useShortcodeTable } from "./emoji-shortcodes";
import { parseMessage } from "./parse-message";
import { renderMarkdown } from "./render-markdown";

/**
 * A message body with its Markdown formatting, as React elements (text is never parsed as HTML).
 * Emoji shortcodes like `:tada:` show as written until the emoji table has loaded.
 */
export function FormattedText({ text }: { text: string }) {
  const tree = useMemo(() => parseMessage(text), [text]);
  const shortcodes = useShortcodeTable(mentionsShortcode(text));
  return <>{renderMarkdown(tree, shortcodes)}</>;
}
