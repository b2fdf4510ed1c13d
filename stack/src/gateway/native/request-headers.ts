/**
 * Request headers as one record: lower-case names, a repeated header's values joined with ", " —
 * what iterating WHATWG `Headers` gives (Node's own `req.headers` drops repeats of some headers and
 * joins cookies with "; ", so services would see different values on the Hono and the native path).
 * @example mergedHeaders(["Prefer", "count=exact", "prefer", "handling=lenient"]) // { prefer: "count=exact, handling=lenient" }
 */
export function mergedHeaders(rawHeaders: readonly string[]): Record<string, string> {
  const headers: Record<string, string> = Object.create(null) as Record<string, string>;
  for (let index = 0; index + 1 < rawHeaders.length; index += 2) {
    const name = (rawHeaders[index] as string).toLowerCase();
    const value = rawHeaders[index + 1] as string;
    const known = headers[name];
    headers[name] = known === undefined ? value : `${known}, ${value}`;
  }
  return headers;
}
