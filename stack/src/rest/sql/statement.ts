// The main statement every request runs: a `pgrst_source` CTE (read, mutation or call) and one row
// with the count, page size, the body serialised by PostgreSQL and the response GUCs
// (PostgREST Statements.hs).

export type BodyKind =
  "json" | "object" | "json-stripped" | "object-stripped" | "csv" | "geojson" | "none" | "scalar" | "scalar-set";

export interface StatementParts {
  /** The `pgrst_source` CTE body. */
  readonly source: string;
  /** Rows to serialise, read from `pgrst_source`; default `SELECT * FROM pgrst_source`. */
  readonly rows?: string;
  readonly body: BodyKind;
  /** A scalar subquery giving the total, or undefined. */
  readonly count?: string;
  /** The page size; default `count(*)` of the rows serialised. */
  readonly pageTotal?: string;
  /** Extra output columns (`AS name` included). */
  readonly extra?: readonly string[];
}

function bodySql(kind: BodyKind): string {
  const t = "_postgrest_t";
  switch (kind) {
    case "json":
      return `coalesce(json_agg(${t}), '[]')::text`;
    case "json-stripped":
      return `coalesce(json_strip_nulls(json_agg(${t})), '[]')::text`;
    case "object":
      return `coalesce((json_agg(${t})->0)::text, 'null')`;
    case "object-stripped":
      return `coalesce(json_strip_nulls(json_agg(${t})->0)::text, 'null')`;
    case "scalar":
      return `coalesce((json_agg(${t}.pgrst_scalar)->0)::text, 'null')`;
    case "scalar-set":
      return `coalesce(json_agg(${t}.pgrst_scalar), '[]')::text`;
    case "csv":
      return (
        `coalesce((SELECT string_agg(k, ',') FROM json_object_keys(json_agg(${t})->0) AS k), '') || chr(10) || ` +
        `coalesce(string_agg(substring(${t}::text, 2, length(${t}::text) - 2), chr(10)), '')`
      );
    case "geojson":
      // PostGIS's ST_AsGeoJSON(record), resolved through the search path, as PostgREST builds it.
      return `json_build_object('type', 'FeatureCollection', 'features', coalesce(json_agg(ST_AsGeoJSON(${t})::json), '[]'))::text`;
    case "none":
      return "NULL::text";
  }
}

export function mainStatement(parts: StatementParts): string {
  const columns = [
    `${parts.count ?? "NULL::bigint"} AS total_result_set`,
    `${parts.pageTotal ?? "pg_catalog.count(*)"} AS page_total`,
    `${bodySql(parts.body)} AS body`,
    "nullif(current_setting('response.headers', true), '') AS response_headers",
    "nullif(current_setting('response.status', true), '') AS response_status",
    ...(parts.extra ?? []),
  ];
  return `WITH pgrst_source AS (${parts.source}) SELECT ${columns.join(", ")} FROM (${parts.rows ?? "SELECT * FROM pgrst_source"}) _postgrest_t`;
}

export interface StatementRow {
  total_result_set: string | null;
  page_total: string;
  body: string | null;
  response_headers: string | null;
  response_status: string | null;
  [extra: string]: unknown;
}
