// What every /rest/v1 handler needs from one HTTP request: the parsed query, the caller, the schema
// and the transaction settings PostgREST sets.

import type { ServiceRequest } from "../../gateway/index.ts";
import { errors, RestProblem } from "../errors.ts";
import { parseRemembered } from "../compiled/parsed-requests.ts";
import { strictPreferencesError, type ParsedRequest } from "../parse/index.ts";
import type { DbConfig, PreRequest, TxEnd } from "../schema-cache/db-config.ts";
import type { SchemaCacheHolder } from "../schema-cache/holder.ts";
import type { SchemaCache } from "../schema-cache/types.ts";
import { ident } from "../sql/params.ts";

export interface RestSettings {
  readonly schemas: readonly string[];
  readonly extraSearchPath: readonly string[];
  readonly maxRows: number | undefined;
  /** `db-plan-enabled`: `Accept: application/vnd.pgrst.plan` answers the EXPLAIN output. */
  readonly planEnabled: boolean;
  /** `db-tx-end`: how each request's transaction ends. */
  readonly txEnd: TxEnd;
  /** `db-pre-request`: called in each request's transaction before its main statement. */
  readonly preRequest?: PreRequest;
}

/** PostgREST's defaults for what config.toml does not set (`db-plan-enabled`, `db-tx-end = commit`). */
export const POSTGREST_DEFAULTS = {
  planEnabled: false,
  txEnd: { rollbackAll: false, allowOverride: false },
} as const satisfies Partial<RestSettings>;

/** The service's settings with the in-database `pgrst.*` values laid over them (those win, as upstream). */
export function effectiveSettings(base: RestSettings, db: DbConfig): RestSettings {
  const maxRows =
    db.maxRows === undefined ? base.maxRows : db.maxRows !== null && db.maxRows > 0 ? db.maxRows : undefined;
  return {
    ...base,
    maxRows,
    planEnabled: db.planEnabled ?? base.planEnabled,
    txEnd: db.txEnd ?? base.txEnd,
    ...(db.preRequest ? { preRequest: db.preRequest } : {}),
  };
}

export interface RestRequest {
  readonly method: string;
  readonly cache: SchemaCache;
  readonly parsed: ParsedRequest;
  readonly schema: string;
  readonly role: string;
  readonly claims: Record<string, unknown>;
  readonly authenticated: boolean;
  readonly settings: Record<string, string>;
  readonly profileSent: boolean;
  /** The settings in force for this request (config.toml overlaid with the in-database ones). */
  readonly config: RestSettings;
}

function parseCookies(header: string | undefined): Record<string, string> {
  const out: Record<string, string> = {};
  if (header === undefined) return out;
  for (const part of header.split(";")) {
    const at = part.indexOf("=");
    if (at <= 0) continue;
    out[part.slice(0, at).trim()] = part.slice(at + 1).trim();
  }
  return out;
}

/** `request.headers` as PostgREST sets it: every header but the cookies, as one JSON object. */
function headersSetting(headers: Readonly<Record<string, string>>): string {
  if (headers.cookie === undefined) return JSON.stringify(headers);
  const { cookie: _cookie, ...rest } = headers;
  return JSON.stringify(rest);
}

const NO_COOKIES = "{}";

/** `search_path` per extra-search-path list (the service's one array) and schema a request reads. */
const searchPaths = new WeakMap<readonly string[], Map<string, string>>();
const MAX_SEARCH_PATHS = 64;

function searchPathFor(schema: string, extra: readonly string[]): string {
  let bySchema = searchPaths.get(extra);
  if (bySchema === undefined) {
    bySchema = new Map();
    searchPaths.set(extra, bySchema);
  }
  let known = bySchema.get(schema);
  if (known === undefined) {
    if (bySchema.size >= MAX_SEARCH_PATHS) bySchema.clear();
    known = [schema, ...extra].map(ident).join(", ");
    bySchema.set(schema, known);
  }
  return known;
}

/**
 * The claims the transaction sets: the verified token's own (frozen, shared by every request with
 * that token, so the database layer serialises them once) when their `role` is the role the
 * request runs as; otherwise a copy that says the role.
 */
function claimsFor(auth: ServiceRequest["auth"], role: string): Record<string, unknown> {
  if (!auth.ok) return { role };
  return auth.claims.role === role ? auth.claims : { ...auth.claims, role };
}

/**
 * Parses one request for /rest/v1 (query string and headers) and gathers what its transaction sets:
 * role, claims, search_path and PostgREST's `request.*` settings.
 */
export function restRequest(
  request: ServiceRequest,
  holder: SchemaCacheHolder,
  config: RestSettings,
  target: "relation" | "rpc",
): RestRequest {
  const cache = holder.current();
  if (!cache) throw errors.schemaCacheNotReady();
  const effective = effectiveSettings(config, cache.dbConfig);
  const { method, url, headers } = request;
  const result = parseRemembered(cache, url.search.slice(1), headers, {
    method,
    target,
    schemas: config.schemas,
    timezones: cache.timezones,
    txAllowOverride: effective.txEnd.allowOverride,
  });
  if (!result.ok) throw new RestProblem(result.error);
  const strict = strictPreferencesError(result.value.preferences);
  if (strict) throw new RestProblem(strict);
  const { auth } = request;
  const role = auth.ok ? auth.role : "anon";
  const claims = claimsFor(auth, role);
  const schema = result.value.profile ?? config.schemas[0] ?? "public";
  const prefix = url.pathname.indexOf("/rest/v1");
  const path = prefix >= 0 ? url.pathname.slice(prefix + "/rest/v1".length) || "/" : url.pathname;
  const settings: Record<string, string> = {
    search_path: searchPathFor(schema, config.extraSearchPath),
    ...(cache.roleSettings.get(role) ?? {}),
    "request.method": method,
    "request.path": path,
    "request.headers": headersSetting(headers),
    "request.cookies": headers.cookie === undefined ? NO_COOKIES : JSON.stringify(parseCookies(headers.cookie)),
    ...(result.value.preferences.timezone === undefined ? {} : { timezone: result.value.preferences.timezone }),
  };
  return {
    method,
    cache,
    parsed: result.value,
    schema,
    role,
    claims,
    authenticated: role !== "anon",
    settings,
    profileSent: result.value.profile !== undefined,
    config: effective,
  };
}
