// Response media type negotiation (PostgREST Plan.hs `negotiateContent`): the first Accept entry the
// resource can produce wins; none → PGRST107 406.

import { errors } from "../errors.ts";
import type { MediaType } from "../parse/index.ts";
import type { BodyKind } from "../sql/statement.ts";

export interface Negotiated {
  readonly kind: "json" | "object" | "csv";
  readonly stripped: boolean;
  readonly contentType: string;
}

function show(mt: MediaType): string {
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
      return "application/vnd.pgrst.plan";
    case "other":
      return mt.value;
  }
}

export function negotiate(accept: readonly MediaType[], allowCsv = true): Negotiated {
  for (const mt of accept) {
    if (mt.kind === "any" || mt.kind === "json")
      return { kind: "json", stripped: false, contentType: "application/json; charset=utf-8" };
    if (mt.kind === "array-json-stripped")
      return {
        kind: "json",
        stripped: true,
        contentType: "application/vnd.pgrst.array+json;nulls=stripped; charset=utf-8",
      };
    if (mt.kind === "object-json") {
      return {
        kind: "object",
        stripped: mt.nullsStripped,
        contentType: `application/vnd.pgrst.object+json${mt.nullsStripped ? ";nulls=stripped" : ""}; charset=utf-8`,
      };
    }
    if (mt.kind === "csv" && allowCsv) return { kind: "csv", stripped: false, contentType: "text/csv; charset=utf-8" };
  }
  throw errors.notAcceptable(accept.map(show).join(", "));
}

export function bodyKind(n: Negotiated): BodyKind {
  if (n.kind === "csv") return "csv";
  if (n.kind === "object") return n.stripped ? "object-stripped" : "object";
  return n.stripped ? "json-stripped" : "json";
}
