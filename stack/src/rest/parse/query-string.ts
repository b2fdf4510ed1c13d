// The query string as PostgREST sees it (http-types `parseQueryReplacePlus True`) and its
// canonical form for `Content-Location` (sorted, then HTTP's `urlEncodeVars`).

/** One query parameter; `null` when the key came without `=` (PostgREST then ignores it). */
export type QueryPair = readonly [key: string, value: string | null];

const utf8 = new TextEncoder();
const utf8Lenient = new TextDecoder("utf-8", { fatal: false });

function hexValue(byte: number): number | undefined {
  if (byte >= 0x30 && byte <= 0x39) return byte - 0x30;
  if (byte >= 0x41 && byte <= 0x46) return byte - 0x37;
  if (byte >= 0x61 && byte <= 0x66) return byte - 0x57;
  return undefined;
}

/** `%XY` decoding (malformed escapes stay literal) with `+` as a space, then UTF-8. */
function urlDecode(bytes: Uint8Array): string {
  const out: number[] = [];
  for (let i = 0; i < bytes.length; i += 1) {
    const byte = bytes[i] ?? 0;
    if (byte === 0x2b) {
      out.push(0x20);
      continue;
    }
    if (byte === 0x25) {
      const high = hexValue(bytes[i + 1] ?? -1);
      const low = hexValue(bytes[i + 2] ?? -1);
      if (high !== undefined && low !== undefined) {
        out.push(high * 16 + low);
        i += 2;
        continue;
      }
    }
    out.push(byte);
  }
  return utf8Lenient.decode(new Uint8Array(out));
}

/**
 * Splits a raw query string the way PostgREST does: an optional leading `?`, pairs separated by
 * `&` **or `;`**, the first `=` splitting key from value, percent-decoding and `+` as space.
 * Prefer this over `URLSearchParams` when the raw string is at hand (it splits on `&` only and
 * cannot tell `?a` from `?a=`).
 *
 * @example
 * parseQueryString("?select=id&id=eq.1;flag")
 * // → [["select", "id"], ["id", "eq.1"], ["flag", null]]
 */
export function parseQueryString(raw: string): QueryPair[] {
  const bytes = utf8.encode(raw.startsWith("?") ? raw.slice(1) : raw);
  const pairs: QueryPair[] = [];
  let start = 0;
  while (start < bytes.length) {
    let end = start;
    while (end < bytes.length && bytes[end] !== 0x26 && bytes[end] !== 0x3b) end += 1;
    const segment = bytes.subarray(start, end);
    const eq = segment.indexOf(0x3d);
    pairs.push(
      eq < 0 ? [urlDecode(segment), null] : [urlDecode(segment.subarray(0, eq)), urlDecode(segment.subarray(eq + 1))],
    );
    start = end + 1;
  }
  return pairs;
}

function isUnreserved(byte: number): boolean {
  return (
    (byte >= 0x30 && byte <= 0x39) ||
    (byte >= 0x41 && byte <= 0x5a) ||
    (byte >= 0x61 && byte <= 0x7a) ||
    byte === 0x2d ||
    byte === 0x5f ||
    byte === 0x2e ||
    byte === 0x7e
  );
}

function escapeByte(byte: number): string {
  return `%${byte.toString(16).toUpperCase().padStart(2, "0")}`;
}

/** HTTP's `urlEncode` over the bytes of a UTF-8 string. Upstream treats each byte above 0x7F as a
 * Latin-1 character and encodes it again as UTF-8; that double encoding is reproduced. */
function urlEncode(text: string): string {
  let out = "";
  for (const byte of utf8.encode(text)) {
    if (isUnreserved(byte)) out += String.fromCharCode(byte);
    else if (byte < 0x80) out += escapeByte(byte);
    else out += escapeByte(0xc0 | (byte >> 6)) + escapeByte(0x80 | (byte & 0x3f));
  }
  return out;
}

function compareBytes(a: Uint8Array, b: Uint8Array): number {
  const length = Math.min(a.length, b.length);
  for (let i = 0; i < length; i += 1) {
    const diff = (a[i] ?? 0) - (b[i] ?? 0);
    if (diff !== 0) return diff;
  }
  return a.length - b.length;
}

/**
 * PostgREST's canonical query string: pairs stably sorted by key bytes, repeated keys merged into
 * one `key=v1,v2`, keys without `=` rendered `key=`.
 *
 * @example
 * canonicalQueryString([["b", "2"], ["a", "x y"], ["b", "1"]]) // → "a=x%20y&b=2,1"
 */
export function canonicalQueryString(pairs: readonly QueryPair[]): string {
  const sorted = pairs
    .map(([key, value]) => ({ key, value: value ?? "", sortKey: utf8.encode(key) }))
    .sort((a, b) => compareBytes(a.sortKey, b.sortKey));
  const groups = new Map<string, string[]>();
  for (const { key, value } of sorted) {
    const values = groups.get(key);
    if (values === undefined) groups.set(key, [value]);
    else values.push(value);
  }
  return [...groups].map(([key, values]) => `${urlEncode(key)}=${values.map(urlEncode).join(",")}`).join("&");
}
