import type { DestinationStream } from "pino";

/** Fields every record has, or that say nothing to a reader of the terminal. */
const HIDDEN = new Set(["level", "time", "pid", "hostname", "svc", "msg"]);
/** pino's numeric levels, named as the Supabase CLI prefixes its own warnings and errors. */
const PREFIXES: [number, string][] = [
  [50, "ERROR: "],
  [40, "WARNING: "],
];

/**
 * One pino record (a JSON line) as a line a person reads: the message, then its fields as
 * `key=value`; warnings and errors prefixed `WARNING:` / `ERROR:` as the Supabase CLI prints them,
 * an error's stack on the lines after it. A line that is not a record is passed through.
 * @example readableLine('{"level":40,"msg":"auth.site_url is unset"}') // "WARNING: auth.site_url is unset"
 */
export function readableLine(json: string): string {
  let record: Record<string, unknown>;
  try {
    record = JSON.parse(json) as Record<string, unknown>;
  } catch {
    return json.trimEnd();
  }
  const level = typeof record.level === "number" ? record.level : 30;
  const prefix = PREFIXES.find(([at]) => level >= at)?.[1] ?? "";
  const fields: string[] = [];
  let stack: string | undefined;
  for (const [key, value] of Object.entries(record)) {
    if (HIDDEN.has(key) || value === undefined || value === null) continue;
    if (key === "err" && typeof value === "object") {
      const error = value as { message?: unknown; stack?: unknown };
      fields.push(`err=${JSON.stringify(String(error.message ?? ""))}`);
      if (typeof error.stack === "string") stack = error.stack;
      continue;
    }
    fields.push(`${key}=${typeof value === "string" ? value : JSON.stringify(value)}`);
  }
  const message = typeof record.msg === "string" ? record.msg : "";
  const line = [`${prefix}${message}`, ...fields].join(" ").trim();
  return stack === undefined ? line : `${line}\n${stack.replace(/^/gm, "  ")}`;
}

/**
 * The CLI's log destination: readable lines on stderr (see readableLine), or pino's JSON lines
 * unchanged with `PARLEY_STACK_LOG_FORMAT=json` (for a log collector).
 */
export function readableStderr(): DestinationStream {
  return { write: (json: string) => void process.stderr.write(`${readableLine(json)}\n`) };
}
