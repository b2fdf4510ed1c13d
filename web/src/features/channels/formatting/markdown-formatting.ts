import { loadedOnce } from "../../../lib/loaded-once";
import { loadMessageParser, type MessageParser } from "../../../lib/markdown/message-parser";
import type { renderMarkdown } from "./render-markdown";

/** What a body with Markdown in it needs: the parser (micromark, mdast) and the renderer of its tree. */
export type MarkdownFormatting = { parse: MessageParser; render: typeof renderMarkdown };

const markdownFormatting = loadedOnce<MarkdownFormatting>(() =>
  Promise.all([loadMessageParser(), import("./render-markdown")]).then(([parse, renderer]) => ({
    parse,
    render: renderer.renderMarkdown,
  })),
);

/**
 * Loads the Markdown parser and the renderer (`render-markdown.tsx`, with code blocks, links and
 * mention chips) once, together: a body without Markdown needs neither (`isMarkdownFree`), so a
 * conversation of plain text paints without them. Later calls get the same promise; a failed load
 * is forgotten so that the next call tries again.
 *
 * @example const { parse, render } = await loadMarkdownFormatting(); render(parse("**hi**"), null);
 */
export const loadMarkdownFormatting = markdownFormatting.load;

/** The parser and renderer once both have loaded, `null` before; re-renders when they arrive. */
export const useLoadedMarkdownFormatting = markdownFormatting.useLoaded;
