// Request headers in the shapes the stack meets them: Node's `IncomingHttpHeaders`, a plain record,
// or a WHATWG `Headers` / list of pairs. Names compare case-insensitively.

export type HeaderSource =
  Readonly<Record<string, string | readonly string[] | undefined>> | Iterable<readonly [string, string]>;

function isIterable(source: HeaderSource): source is Iterable<readonly [string, string]> {
  return typeof (source as { [Symbol.iterator]?: unknown })[Symbol.iterator] === "function";
}

/** Every value of header `name`, in order. */
export function headerValues(source: HeaderSource | undefined, name: string): string[] {
  if (source === undefined) return [];
  const wanted = name.toLowerCase();
  const values: string[] = [];
  const entries: Iterable<readonly [string, string | readonly string[] | undefined]> = isIterable(source)
    ? source
    : Object.entries(source);
  for (const [key, value] of entries) {
    if (key.toLowerCase() !== wanted || value === undefined) continue;
    if (typeof value === "string") values.push(value);
    else values.push(...value);
  }
  return values;
}

/** The first value of header `name`, as PostgREST's `lookup` takes it. */
export function firstHeader(source: HeaderSource | undefined, name: string): string | undefined {
  return headerValues(source, name)[0];
}

const utf8 = new TextDecoder("utf-8", { fatal: false });

/** Header values arrive as Latin-1 bytes; PostgREST decodes schema names as UTF-8. */
export function latin1ToUtf8(value: string): string {
  const codes = Array.from(value, (ch) => ch.codePointAt(0) ?? 0);
  if (!codes.some((code) => code > 0x7f) || codes.some((code) => code > 0xff)) return value;
  return utf8.decode(Uint8Array.from(codes));
}
