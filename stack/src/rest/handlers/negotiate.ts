// Response media type negotiation (PostgREST Plan.hs `negotiateContent`): the first Accept entry the
// resource can produce wins; none → PGRST107 406. `vnd.pgrst.plan` counts only while
// `db-plan-enabled` is on, and then answers the EXPLAIN of what its `for=` type would have run.

import { errors } from "../errors.ts";
import type { MediaType, PlanOption } from "../parse/index.ts";
import type { BodyKind } from "../sql/statement.ts";

export interface ExplainRequest {
  readonly format: "text" | "json";
  readonly options: readonly PlanOption[];
  readonly contentType: string;
}

export interface Negotiated {
  readonly kind: "json" | "object" | "csv" | "geojson";
  readonly stripped: boolean;
  readonly contentType: string;
  /** Set when the client asked for the plan instead of the result. */
  readonly plan?: ExplainRequest;
}

/** PostgREST `MediaType.toMime`: how a media type is named in PGRST107 and `Content-Type`. */
export function toMime(mt: MediaType): string {
  switch (mt.kind) {
    case "json":
      return "application/json";
    case "any":
      return "*/*";
    case "csv":
      return "text/csv";
    case "geojson":
      return "application/geo+json";
    case "text":
      return "text/plain";
    case "xml":
      return "text/xml";
    case "openapi":
      return "application/openapi+json";
    case "urlencoded":
      return "application/x-www-form-urlencoded";
    case "octet-stream":
      return "application/octet-stream";
    case "array-json-stripped":
      return "application/vnd.pgrst.array+json;nulls=stripped";
    case "object-json":
      return `application/vnd.pgrst.object+json${mt.nullsStripped ? ";nulls=stripped" : ""}`;
    case "plan":
      return (
        `application/vnd.pgrst.plan+${mt.format}; for="${toMime(mt.for)}"` +
        (mt.options.length > 0 ? `; options=${mt.options.join("|")}` : "")
      );
    case "other":
      return mt.value;
  }
}

const CHARSET = "; charset=utf-8";

/** The result media types every table, view and function produces. */
function produced(mt: MediaType, allowCsv: boolean): Negotiated | undefined {
  switch (mt.kind) {
    case "any":
    case "json":
      return { kind: "json", stripped: false, contentType: `application/json${CHARSET}` };
    case "array-json-stripped":
    case "object-json":
      return {
        kind: mt.kind === "object-json" ? "object" : "json",
        stripped: mt.kind === "array-json-stripped" || mt.nullsStripped,
        contentType: `${toMime(mt)}${CHARSET}`,
      };
    case "csv":
      return allowCsv ? { kind: "csv", stripped: false, contentType: `text/csv${CHARSET}` } : undefined;
    case "geojson":
      // Built with PostGIS's ST_AsGeoJSON, as upstream; without PostGIS, PostgreSQL reports 42883.
      return { kind: "geojson", stripped: false, contentType: `application/geo+json${CHARSET}` };
    default:
      return undefined;
  }
}

export function negotiate(accept: readonly MediaType[], planEnabled = false, allowCsv = true): Negotiated {
  for (const mt of accept) {
    if (mt.kind !== "plan") {
      const result = produced(mt, allowCsv);
      if (result) return result;
      continue;
    }
    const inner = planEnabled ? produced(mt.for, allowCsv) : undefined;
    if (inner)
      return { ...inner, plan: { format: mt.format, options: mt.options, contentType: `${toMime(mt)}${CHARSET}` } };
  }
  throw errors.notAcceptable(accept.map(toMime).join(", "));
}

export function bodyKind(n: Negotiated): BodyKind {
  if (n.kind === "csv" || n.kind === "geojson") return n.kind;
  if (n.kind === "object") return n.stripped ? "object-stripped" : "object";
  return n.stripped ? "json-stripped" : "json";
}
