import { errors } from "./errors.ts";

/**
 * A `Range` header as storage accepts it (src/storage/range.ts): one `bytes=a-b`, `a-` or `-n`
 * range; end clamped to the last byte. Multi-range, start past the end, a > b or an empty file → 416.
 * @example parseRange("bytes=0-99", 1000) // { start: 0, end: 99 }
 */
export function parseRange(header: string | undefined, size: number): { start: number; end: number } | undefined {
  if (header === undefined || header === "") return undefined;
  const match = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!match || (match[1] === "" && match[2] === "") || size === 0) throw errors.invalidRange();
  let start: number;
  let end: number;
  if (match[1] === "") {
    const suffix = Number(match[2]);
    if (suffix === 0) throw errors.invalidRange();
    start = Math.max(0, size - suffix);
    end = size - 1;
  } else {
    start = Number(match[1]);
    end = match[2] === "" ? size - 1 : Math.min(Number(match[2]), size - 1);
  }
  if (start >= size || start > end) throw errors.invalidRange();
  return { start, end };
}
