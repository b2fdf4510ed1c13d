import { useEffect, useState } from "react";
import { useFirstScreenShown } from "../../../lib/first-screen/first-screen";
import { isMarkdownFree } from "../../../lib/markdown/markdown-free-text";
import { loadMarkdownFormatting, useLoadedMarkdownFormatting } from "../formatting/markdown-formatting";

/**
 * The messages a list shows (the timeline, the Saved page), `undefined` while there are none to show yet. A conversation
 * whose messages are all plain text (`isMarkdownFree`) shows them without the Markdown parser;
 * while one needs it and it is still loading, the list keeps what it showed before (on a
 * first load: nothing yet), so no message ever shows its Markdown unformatted. The parser loads as
 * soon as a message needs it, and once the first screen has painted in any case.
 */
export function useShownMessages<M extends { body: string }>(messages: M[] | undefined): M[] | undefined {
  const parser = useLoadedMarkdownFormatting();
  const firstScreenShown = useFirstScreenShown();
  const needsParser = parser === null && messages !== undefined && !messages.every((m) => isMarkdownFree(m.body));
  const [shownBefore, setShownBefore] = useState(needsParser ? undefined : messages);
  const [failure, setFailure] = useState<{ error: unknown } | null>(null);
  if (!needsParser && shownBefore !== messages) setShownBefore(messages);

  useEffect(() => {
    if (needsParser || firstScreenShown) void loadMarkdownFormatting().catch((error: unknown) => setFailure({ error }));
  }, [needsParser, firstScreenShown]);

  // As if the page's own chunk had failed to load: the route's error screen offers a reload.
  if (failure && needsParser) throw failure.error;
  return needsParser ? shownBefore : messages;
}
