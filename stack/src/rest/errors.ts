// The REST service's one error vocabulary: PostgREST's JSON shape (`code`, `message`, `details`,
// `hint`) with the HTTP status (PostgREST Error.hs). Parse errors come from ./parse as `RestError`
// values; everything later is raised as `RestProblem`, which carries the same body.

import type { RestError } from "./parse/index.ts";

/** A PostgREST error body with its status; `code` is a PGRST code, a SQLSTATE or a custom code. */
export interface RestErrorBody {
  readonly code: string;
  readonly status: number;
  readonly message: string;
  readonly details: string | null | readonly unknown[];
  readonly hint: string | null;
  /** Extra response headers (WWW-Authenticate, Retry-After, custom PGRST raise headers). */
  readonly headers?: Readonly<Record<string, string>>;
}

/** Thrown anywhere in planning or execution; the route answers it as PostgREST would. */
export class RestProblem extends Error {
  readonly body: RestErrorBody;
  constructor(body: RestErrorBody | RestError) {
    super(body.message);
    this.body = body;
  }
}

function problem(
  code: string,
  status: number,
  message: string,
  details: RestErrorBody["details"] = null,
  hint: string | null = null,
): RestProblem {
  return new RestProblem({ code, status, message, details, hint });
}

export const errors = {
  schemaCacheNotReady: () =>
    new RestProblem({
      code: "PGRST002",
      status: 503,
      message: "Could not query the database for the schema cache. Retrying.",
      details: null,
      hint: null,
      headers: { "Retry-After": "0" },
    }),
  rpcMethod: (method: string) => problem("PGRST101", 405, `Cannot use the ${method} method on RPC`),
  invalidBody: (message: string) => problem("PGRST102", 400, message),
  contentType: (mediaType: string) => problem("PGRST102", 400, `Content-Type not acceptable: ${mediaType}`),
  offsetOutOfRange: (offset: number, total: number) =>
    new RestProblem({
      code: "PGRST103",
      status: 416,
      message: "Requested range not satisfiable",
      details: `An offset of ${offset} was requested, but there are only ${total} rows.`,
      hint: null,
      headers: { "Content-Range": `*/${total}` },
    }),
  invalidPutFilters: () =>
    problem("PGRST105", 405, "Filters must include all and only primary key columns with 'eq' operators"),
  notAcceptable: (types: string) => problem("PGRST107", 406, `None of these media types are available: ${types}`),
  notEmbedded: (name: string) =>
    problem(
      "PGRST108",
      400,
      `'${name}' is not an embedded resource in this request`,
      null,
      `Verify that '${name}' is included in the 'select' query parameter.`,
    ),
  badResponseHeaders: () =>
    problem(
      "PGRST111",
      500,
      "response.headers guc must be a JSON array composed of objects with a single key and a string value",
    ),
  badResponseStatus: () => problem("PGRST112", 500, "response.status guc must be a valid status code"),
  putKeyMismatch: () => problem("PGRST115", 400, "Payload values do not match URL in primary key column(s)"),
  singular: (rows: number) =>
    problem("PGRST116", 406, "Cannot coerce the result to a single JSON object", `The result contains ${rows} rows`),
  unsupportedMethod: (method: string) => problem("PGRST117", 405, `Unsupported HTTP method: ${method}`),
  relatedOrder: (origin: string, target: string) =>
    problem(
      "PGRST118",
      400,
      `A related order on '${target}' is not possible`,
      `'${origin}' and '${target}' do not form a many-to-one or one-to-one relationship`,
    ),
  aggregatesDisabled: () => problem("PGRST123", 400, "Use of aggregate functions is not allowed"),
  maxAffected: (rows: number) =>
    problem(
      "PGRST124",
      400,
      "Query result exceeds max-affected preference constraint",
      `The query affects ${rows} rows`,
    ),
  invalidPath: () => problem("PGRST125", 404, "Invalid path specified in request URL"),
  notImplemented: (details: string) => problem("PGRST127", 400, "Feature not implemented", details),
  maxAffectedRpc: () =>
    problem(
      "PGRST128",
      400,
      "Function must return SETOF or TABLE when max-affected preference is used with handling=strict",
    ),
  unknownColumn: (column: string, table: string) =>
    problem("PGRST204", 400, `Could not find the '${column}' column of '${table}' in the schema cache`),
  unknownTable: (schema: string, name: string, suggestion: string | undefined) =>
    problem(
      "PGRST205",
      404,
      `Could not find the table '${schema}.${name}' in the schema cache`,
      null,
      suggestion === undefined ? null : `Perhaps you meant the table '${schema}.${suggestion}'`,
    ),
  safeUpdate: (verb: "UPDATE" | "DELETE") => problem("21000", 400, `${verb} requires a WHERE clause`),
  raw: problem,
};
