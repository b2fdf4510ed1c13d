// Request bodies for table writes and RPC (PostgREST ApiRequest/Payload.hs):
// JSON, CSV and urlencoded forms; PGRST102 for anything unreadable.

import { errors } from "../errors.ts";
import type { MediaType } from "../parse/index.ts";

export interface Payload {
  /** The rows (one for an object body). */
  readonly rows: readonly Record<string, unknown>[];
  readonly isArray: boolean;
  /** The keys of the payload: the first row's (all must match unless `columns` is given). */
  readonly keys: readonly string[];
  /** A JSON body that is not an object or array (a single unnamed json parameter takes it). */
  readonly raw?: unknown;
  /**
   * The body as sent, when it is a JSON object or array of objects that `rows` was parsed from:
   * bound as is (PostgREST passes the body itself), so numbers keep every digit they were sent with.
   */
  readonly json?: string;
}

/** Marks a field that was quoted, so a quoted "NULL" stays the text NULL. */
const QUOTED = "\u0000";

function parseCsv(text: string): Record<string, unknown>[] {
  const lines: string[][] = [];
  let field = "";
  let row: string[] = [];
  let quoted = false;
  let wasQuoted = false;
  for (let i = 0; i < text.length; i += 1) {
    const ch = text[i];
    if (quoted) {
      if (ch === '"' && text[i + 1] === '"') {
        field += '"';
        i += 1;
      } else if (ch === '"') quoted = false;
      else field += ch;
      continue;
    }
    if (ch === '"') {
      quoted = true;
      wasQuoted = true;
    } else if (ch === ",") {
      row.push(wasQuoted ? `${QUOTED}${field}` : field);
      field = "";
      wasQuoted = false;
    } else if (ch === "\n" || ch === "\r") {
      if (ch === "\r" && text[i + 1] === "\n") i += 1;
      row.push(wasQuoted ? `${QUOTED}${field}` : field);
      lines.push(row);
      row = [];
      field = "";
      wasQuoted = false;
    } else field += ch;
  }
  if (field !== "" || row.length > 0 || wasQuoted) {
    row.push(wasQuoted ? `${QUOTED}${field}` : field);
    lines.push(row);
  }
  const [header, ...body] = lines;
  if (!header) return [];
  const names = header.map((h) => (h.startsWith(QUOTED) ? h.slice(1) : h));
  return body.map((cells) => {
    if (cells.length !== names.length) throw errors.invalidBody("All lines must have same number of fields");
    return Object.fromEntries(
      names.map((n, i) => {
        const cell = cells[i] ?? "";
        return [n, cell === "NULL" ? null : cell.startsWith(QUOTED) ? cell.slice(1) : cell];
      }),
    );
  });
}

export function parsePayload(text: string, contentType: MediaType, hasColumns: boolean, rpc = false): Payload {
  if (contentType.kind === "csv") {
    const rows = parseCsv(text);
    return { rows, isArray: true, keys: Object.keys(rows[0] ?? {}) };
  }
  if (contentType.kind === "urlencoded") {
    const row = Object.fromEntries(new URLSearchParams(text));
    return { rows: [row], isArray: false, keys: Object.keys(row) };
  }
  if (contentType.kind !== "json" && contentType.kind !== "any") throw errors.contentType(contentTypeText(contentType));
  if (rpc && text.trim() === "") return { rows: [{}], isArray: false, keys: [] };
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw errors.invalidBody("Empty or invalid json");
  }
  if (Array.isArray(json)) {
    if (!json.every((r) => typeof r === "object" && r !== null && !Array.isArray(r))) {
      if (rpc) return { rows: [], isArray: true, keys: [], raw: json };
      throw errors.invalidBody("All object keys must match");
    }
    const rows = json as Record<string, unknown>[];
    const keys = Object.keys(rows[0] ?? {});
    if (
      !hasColumns &&
      rows.some((r) => {
        const k = Object.keys(r);
        return k.length !== keys.length || !k.every((x) => keys.includes(x));
      })
    ) {
      throw errors.invalidBody("All object keys must match");
    }
    return { rows, isArray: true, keys, json: text };
  }
  if (typeof json === "object" && json !== null)
    return { rows: [json as Record<string, unknown>], isArray: false, keys: Object.keys(json), json: text };
  if (rpc) return { rows: [], isArray: false, keys: [], raw: json };
  throw errors.invalidBody("Empty or invalid json");
}

const MIME: Partial<Record<MediaType["kind"], string>> = {
  text: "text/plain",
  xml: "text/xml",
  "octet-stream": "application/octet-stream",
  geojson: "application/geo+json",
  openapi: "application/openapi+json",
};

function contentTypeText(mt: MediaType): string {
  return mt.kind === "other" ? mt.value : (MIME[mt.kind] ?? mt.kind);
}
