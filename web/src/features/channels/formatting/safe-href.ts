/** Link schemes a message may point to; anything else (javascript:, data:, file:, …) stays text. */
const allowedProtocols = new Set(["http:", "https:", "mailto:"]);

/**
 * The link target if it is an absolute http(s) or mailto URL, else null. Parsed with the WHATWG URL
 * parser, so tricks like leading spaces, tabs inside the scheme or upper case are resolved the same
 * way a browser would resolve them before the check.
 *
 * @example safeHref("javascript:alert(1)") === null
 */
export function safeHref(url: string): string | null {
  if (!URL.canParse(url)) return null;
  const parsed = new URL(url);
  return allowedProtocols.has(parsed.protocol) ? parsed.href : null;
}
