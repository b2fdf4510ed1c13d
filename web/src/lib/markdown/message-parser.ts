import { loadedOnce } from "../loaded-once";
import type { parseMessage } from "./parse-message";

/** `parseMessage`, once its module (micromark and mdast, a chunk of their own) has loaded. */
export type MessageParser = typeof parseMessage;

const messageParser = loadedOnce<MessageParser>(() => import("./parse-message").then((module) => module.parseMessage));

/**
 * Loads the Markdown parser's chunk once; later calls get the same promise, and a failed load is
 * forgotten so that the next call tries again. A conversation whose messages are all plain text
 * paints without it (`isMarkdownFree`), then loads it once the messages are on screen.
 *
 * @example const parse = await loadMessageParser(); parse("**hi**");
 */
export const loadMessageParser = messageParser.load;

/** The parser once loaded, `null` before (see `loadMessageParser`); re-renders when it arrives. */
export const useLoadedMessageParser = messageParser.useLoaded;
