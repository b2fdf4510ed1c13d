// The arguments of a /rpc call (PostgREST ApiRequest.hs `payRaw`/`payJSON`): a GET's query
// parameters, a POST's JSON object, form or CSV fields, or its raw body for a single unnamed
// parameter.

import type { ServiceRequest } from "../../gateway/index.ts";
import type { BodyFlavor } from "../plan/find-function.ts";
import { parsePayload } from "./payload.ts";
import type { RestRequest } from "./request-context.ts";

export interface Args {
  keys: string[];
  json?: Record<string, unknown>;
  /** The JSON object body as sent, when `json` was parsed from it (bound as is, as upstream). */
  jsonText?: string;
  text?: Map<string, string[]>;
  /** Whether `text` came from the body (form or CSV fields) rather than the query string. */
  textFromBody?: boolean;
  /** The body for a single unnamed parameter: text (json, text, xml) or bytes (bytea). */
  raw?: string | Buffer;
}

export async function readArgs(
  request: RestRequest,
  requestBody: Pick<ServiceRequest, "text" | "bytes">,
): Promise<{ args: Args; flavor: BodyFlavor }> {
  const { parsed } = request;
  if (request.method !== "POST") {
    const text = new Map<string, string[]>();
    for (const [k, v] of parsed.rpcArgs) text.set(k, [...(text.get(k) ?? []), v]);
    return { args: { keys: [...text.keys()], text }, flavor: "none" };
  }
  const ct = parsed.contentType;
  if (ct.kind === "octet-stream") return { args: { keys: [], raw: await requestBody.bytes() }, flavor: "bytea" };
  const body = await requestBody.text();
  if (ct.kind === "text" || ct.kind === "xml") return { args: { keys: [], raw: body }, flavor: ct.kind };
  const payload = parsePayload(body, ct, parsed.columns !== undefined, true);
  if (payload.raw !== undefined) return { args: { keys: [], raw: JSON.stringify(payload.raw) }, flavor: "json" };
  const json = payload.rows[0] ?? {};
  if (ct.kind === "urlencoded" || ct.kind === "csv") {
    const text = new Map<string, string[]>(Object.entries(json).map(([k, v]) => [k, [String(v)]]));
    return {
      args: { keys: parsed.columns ? [...parsed.columns] : [...text.keys()], text, textFromBody: true },
      flavor: "none",
    };
  }
  return {
    args: {
      keys: parsed.columns ? [...parsed.columns] : Object.keys(json),
      json,
      ...(payload.json !== undefined && !payload.isArray ? { jsonText: payload.json } : {}),
      raw: body.trim() === "" ? "{}" : body,
    },
    flavor: "json",
  };
}
