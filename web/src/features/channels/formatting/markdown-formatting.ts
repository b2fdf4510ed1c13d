import { useSyncExternalStore } from "react";
import { loadMessageParser, type MessageParser } from "../../../lib/markdown/message-parser";
import type { renderMarkdown } from "./render-markdown";

/** What a body with Markdown in it needs: the parser (micromark, mdast) and the renderer of its tree. */
export type MarkdownFormatting = { parse: MessageParser; render: typeof renderMarkdown };

let formatting: MarkdownFormatting | null = null;
let loading: Promise<MarkdownFormatting> | null = null;
const listeners = new Set<() => void>();

/**
 * Loads the Markdown parser and the renderer (`render-markdown.tsx`, with code blocks, links and
 * mention chips) once, together: a body without Markdown needs neither (`isMarkdownFree`), so a
 * conversation of plain text paints without them. Later calls get the same promise; a failed load
 * is forgotten so that the next call tries again.
 *
 * @example const { parse, render } = await loadMarkdownFormatting(); render(parse("**hi**"), null);
 */
export function loadMarkdownFormatting(): Promise<MarkdownFormatting> {
  loading ??= Promise.all([loadMessageParser(), import("./render-markdown")]).then(
    ([parse, renderer]) => {
      formatting = { parse, render: renderer.renderMarkdown };
      for (const listener of listeners) listener();
      return formatting;
    },
    (error: unknown) => {
      loading = null;
      throw error;
    },
  );
  return loading;
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function currentFormatting(): MarkdownFormatting | null {
  return formatting;
}

/** The parser and renderer once both have loaded, `null` before; re-renders when they arrive. */
export function useLoadedMarkdownFormatting(): MarkdownFormatting | null {
  return useSyncExternalStore(subscribe, currentFormatting, currentFormatting);
}
