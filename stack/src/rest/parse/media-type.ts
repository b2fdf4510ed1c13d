// `Accept` and `Content-Type` as PostgREST reads them (MediaType.hs `decodeMediaType`, wai-extra
// `parseHttpAccept`). Negotiation itself (PGRST107) needs the resource, so it is the planner's.

import type { MediaType, PlanOption } from "./types.ts";

const ALNUM = "\\p{L}\\p{N}";
// type "/" subtype, then `; key=value` pairs (value quoted, or letters/digits/`|`/`-`); the rest is ignored.
const HEAD = new RegExp(`^([${ALNUM}.*]+)/([${ALNUM}.*+\\-]+)`, "u");
const PARAM = new RegExp(`^\\s*;\\s*([${ALNUM}\\-]+)\\s*=\\s*(?:"([^"]*)"|([${ALNUM}|\\-]+))`, "u");

function tokenize(text: string): { type: string; subtype: string; params: Map<string, string> } | undefined {
  const head = HEAD.exec(text);
  if (head === null) return undefined;
  const params = new Map<string, string>();
  let rest = text.slice(head[0].length);
  for (let param = PARAM.exec(rest); param !== null; param = PARAM.exec(rest)) {
    params.set((param[1] ?? "").toLowerCase(), param[2] ?? param[3] ?? "");
    rest = rest.slice(param[0].length);
  }
  return { type: head[1] ?? "", subtype: head[2] ?? "", params };
}

const PLAN_OPTIONS: readonly PlanOption[] = ["analyze", "verbose", "settings", "buffers", "wal"];

/**
 * One media type, case-insensitively; unknown types are `other` with the original text.
 *
 * @example
 * decodeMediaType("application/vnd.pgrst.object+json;nulls=stripped") // → { kind: "object-json", nullsStripped: true }
 */
export function decodeMediaType(text: string): MediaType {
  const parsed = tokenize(text);
  const params = parsed?.params ?? new Map<string, string>();
  const stripped = params.get("nulls") === "stripped";
  const plan = (format: "text" | "json"): MediaType => {
    const options = (params.get("options") ?? "").split("|");
    return {
      kind: "plan",
      format,
      for: decodeMediaType(params.get("for") ?? "application/json"),
      options: PLAN_OPTIONS.filter((option) => options.includes(option)),
    };
  };
  const name = parsed === undefined ? "" : `${parsed.type.toLowerCase()}/${parsed.subtype.toLowerCase()}`;
  switch (name) {
    case "application/json":
      return { kind: "json" };
    case "application/geo+json":
      return { kind: "geojson" };
    case "text/csv":
      return { kind: "csv" };
    case "text/plain":
      return { kind: "text" };
    case "text/xml":
      return { kind: "xml" };
    case "application/openapi+json":
      return { kind: "openapi" };
    case "application/x-www-form-urlencoded":
      return { kind: "urlencoded" };
    case "application/octet-stream":
      return { kind: "octet-stream" };
    case "application/vnd.pgrst.plan":
    case "application/vnd.pgrst.plan+text":
      return plan("text");
    case "application/vnd.pgrst.plan+json":
      return plan("json");
    case "application/vnd.pgrst.object+json":
    case "application/vnd.pgrst.object":
      return { kind: "object-json", nullsStripped: stripped };
    case "application/vnd.pgrst.array+json":
    case "application/vnd.pgrst.array":
      return stripped ? { kind: "array-json-stripped" } : { kind: "json" };
    case "*/*":
      return { kind: "any" };
    default:
      return { kind: "other", value: text };
  }
}

/** Haskell `reads :: Double` on the text after `;q=`; unreadable means 1. */
function readQuality(text: string): number {
  const match = /^-?(?:[0-9]+(?:\.[0-9]+)?(?:[eE][+-]?[0-9]+)?|Infinity)/.exec(text);
  return match === null ? 1 : Number(match[0]);
}

/**
 * `Accept` entries best first: spaces removed, ordered by q-value then by specificity
 * (parameters minus wildcards), ties keeping header order. Absent means `*\/*`.
 *
 * @example
 * parseAccept("text/csv;q=0.5, application/json") // → [{ kind: "json" }, { kind: "csv" }]
 */
export function parseAccept(header: string | undefined): MediaType[] {
  if (header === undefined) return [{ kind: "any" }];
  if (header === "") return [];
  const entries = header.split(",").map((entry, index) => {
    const compact = entry.replaceAll(" ", "");
    const at = compact.indexOf(";q=");
    const type = at < 0 ? compact : compact.slice(0, at);
    const quality = at < 0 ? 1 : readQuality(compact.slice(at + 3).split(";")[0] ?? "");
    const specificity = (type.match(/;/g)?.length ?? 0) - (type.match(/\*/g)?.length ?? 0);
    return { type, quality, specificity, index };
  });
  entries.sort((a, b) => b.quality - a.quality || b.specificity - a.specificity || a.index - b.index);
  return entries.map((entry) => decodeMediaType(entry.type));
}
