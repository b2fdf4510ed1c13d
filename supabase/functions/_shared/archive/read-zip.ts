import { Unzip, UnzipInflate } from "npm:fflate@0.8.2";
import { FunctionError } from "../http.ts";

/** Limits that keep a hostile archive (a zip bomb, millions of entries) from exhausting a worker. */
export interface ZipLimits {
  /** Most entries (files and folders) the archive may hold. */
  maxEntries: number;
  /** Most bytes all kept entries may inflate to, together. */
  maxTotalBytes: number;
  /** Most bytes one kept entry may inflate to. */
  maxEntryBytes: number;
}

/** Compressed bytes handed to the inflater at a time: deflate expands at most ~1,032×, so one step
 *  never inflates more than ~8 MiB before the byte budget is checked again. */
const STEP = 8 * 1024;
/** Inflated bytes after which the reader yields to the event loop: inflating a bomb's hundreds of
 *  MiB in one go would hold the worker past its CPU limit (546 WORKER_LIMIT) before any limit. */
const YIELD_EVERY = 8 * 1024 * 1024;

const tooBig = (message: string) => new FunctionError("archive_too_large", message);

/**
 * Inflates the entries of a zip archive for which `keep(name)` is true, counting real inflated
 * bytes (never trusting the sizes the archive declares) and stopping at the first limit crossed.
 * Yields to the event loop between steps so a large archive does not stall the worker.
 * Answers 400 `invalid_archive` for bytes that are not a zip, 400 `archive_too_large` past a limit.
 * @example const files = await readZip(bytes, (name) => name.endsWith(".json"), limits);
 */
export async function readZip(
  bytes: Uint8Array,
  keep: (name: string) => boolean,
  limits: ZipLimits,
): Promise<Map<string, Uint8Array>> {
  if (bytes.length < 22 || bytes[0] !== 0x50 || bytes[1] !== 0x4b || bytes[2] !== 0x03 || bytes[3] !== 0x04) {
    throw new FunctionError("invalid_archive", "The file is not a zip archive.");
  }
  const files = new Map<string, Uint8Array>();
  let entries = 0;
  let total = 0;
  let sinceYield = 0;
  let failure: FunctionError | null = null;

  const unzip = new Unzip((file) => {
    entries += 1;
    if (entries > limits.maxEntries) failure ??= tooBig(`The archive holds more than ${limits.maxEntries} entries.`);
    if (failure || file.name.endsWith("/") || !keep(file.name)) return;
    const chunks: Uint8Array[] = [];
    let size = 0;
    file.ondata = (error, chunk, final) => {
      if (failure) return;
      if (error) {
        failure = new FunctionError("invalid_archive", `The archive is damaged (${file.name}).`);
        return;
      }
      size += chunk.length;
      total += chunk.length;
      sinceYield += chunk.length;
      if (size > limits.maxEntryBytes) failure = tooBig(`${file.name} is larger than ${limits.maxEntryBytes} bytes.`);
      else if (total > limits.maxTotalBytes)
        failure = tooBig(`The archive inflates to more than ${limits.maxTotalBytes} bytes.`);
      else chunks.push(chunk);
      if (final && !failure) files.set(file.name, concat(chunks, size));
    };
    file.start();
  });
  unzip.register(UnzipInflate);

  for (let offset = 0; offset < bytes.length && !failure; offset += STEP) {
    try {
      unzip.push(bytes.subarray(offset, offset + STEP), offset + STEP >= bytes.length);
    } catch {
      failure = new FunctionError("invalid_archive", "The archive is damaged or uses an unsupported compression.");
    }
    if (sinceYield >= YIELD_EVERY || offset % (64 * STEP) === 0) {
      sinceYield = 0;
      await new Promise((resolve) => setTimeout(resolve, 0));
    }
  }
  if (failure) throw failure;
  return files;
}

function concat(chunks: Uint8Array[], size: number): Uint8Array {
  if (chunks.length === 1 && chunks[0]) return chunks[0];
  const out = new Uint8Array(size);
  let at = 0;
  for (const chunk of chunks) {
    out.set(chunk, at);
    at += chunk.length;
  }
  return out;
}
