import { useMemo } from "react";
import { mentionsShortcode, useShortcodeTable } from "./emoji-shortcodes";
import { parseMessage } from "../../../lib/markdown/parse-message";
import { renderMarkdown, type MentionReader } from "./render-markdown";

/**
 * A message body with its Markdown formatting, as React elements (text is never parsed as HTML).
 * Emoji shortcodes like `:tada:` show as written until the emoji table has loaded. Mentions
 * (`<@user-id>`) show as chips with the person's current name from `mentions`.
 */
export function FormattedText({ text, mentions }: { text: string; mentions?: MentionReader }) {
  const tree = useMemo(() => parseMessage(text), [text]);
  const shortcodes = useShortcodeTable(mentionsShortcode(text));
  return <>{renderMarkdown(tree, shortcodes, mentions)}</>;
}
