import { useSyncExternalStore } from "react";
import type { parseMessage } from "./parse-message";

/** `parseMessage`, once its module (micromark and mdast, a chunk of their own) has loaded. */
export type MessageParser = typeof parseMessage;

let parser: MessageParser | null = null;
let loading: Promise<MessageParser> | null = null;
const listeners = new Set<() => void>();

/**
 * Loads the Markdown parser's chunk once; later calls get the same promise, and a failed load is
 * forgotten so that the next call tries again. A conversation whose messages are all plain text
 * paints without it (`isMarkdownFree`), then loads it once the messages are on screen.
 *
 * @example const parse = await loadMessageParser(); parse("**hi**");
 */
export function loadMessageParser(): Promise<MessageParser> {
  loading ??= import("./parse-message").then(
    (module) => {
      parser = module.parseMessage;
      for (const listener of listeners) listener();
      return parser;
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

function currentParser(): MessageParser | null {
  return parser;
}

/** The parser once loaded, `null` before (see `loadMessageParser`); re-renders when it arrives. */
export function useLoadedMessageParser(): MessageParser | null {
  return useSyncExternalStore(subscribe, currentParser, currentParser);
}
