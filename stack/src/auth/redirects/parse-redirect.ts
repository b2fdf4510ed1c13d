/** Schemes whose URLs run code or read local data in a browser: never a place to send a session. */
const EXECUTABLE_SCHEMES = new Set(["javascript:", "data:", "vbscript:", "file:", "blob:"]);

/** ASCII control characters, space and DEL: never valid in a URL, and the WHATWG parser drops some silently. */
const hasControlOrSpace = (text: string) =>
  [...text].some((ch) => ch.charCodeAt(0) <= 0x20 || ch.charCodeAt(0) === 0x7f);

/**
 * True when the text begins with exactly the scheme and host the parser found, so that nothing in
 * the authority was rewritten on the way: no numeric or hexadecimal IPv4 form, no IDN or
 * full-width host turned into another one, no missing or extra slashes (`http:evil.example`).
 */
function authorityAsWritten(text: string, url: URL): boolean {
  if (url.host === "") return true;
  const origin = `${url.protocol}//${url.hostname}`.toLowerCase();
  const next = text.charAt(origin.length);
  return text.slice(0, origin.length).toLowerCase() === origin && (next === "" || ":/?#".includes(next));
}

/**
 * Parses a redirect target with the WHATWG URL parser — what browsers use — and refuses every text
 * whose meaning a browser and a string check could disagree on: control characters and spaces
 * (which the parser strips), backslashes (which it reads as `/` in http(s) URLs), user info
 * (`site@evil`, `evil@site`), a host the parser rewrote, a host still percent-encoded (an opaque
 * host such as `myapp://a%2fb`), and schemes that run code. Relative and scheme-relative texts are
 * refused too: a redirect must name its scheme and host.
 * @example parseRedirectTarget("http://evil.example\\@127.0.0.1:5173/") // undefined
 * @example parseRedirectTarget("HTTP://127.0.0.1:5173/a")?.href // "http://127.0.0.1:5173/a"
 */
export function parseRedirectTarget(text: string): URL | undefined {
  if (text === "" || hasControlOrSpace(text) || text.includes("\\")) return undefined;
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return undefined;
  }
  if (url.username !== "" || url.password !== "") return undefined;
  if (EXECUTABLE_SCHEMES.has(url.protocol) || url.hostname.includes("%")) return undefined;
  return authorityAsWritten(text, url) ? url : undefined;
}
