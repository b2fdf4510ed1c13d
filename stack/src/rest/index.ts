// /rest/v1: a PostgREST-compatible REST service. parse → plan → SQL → one
// transaction as the caller → response built from PostgreSQL's JSON.

import { tryDecodeURIComponent } from "hono/utils/url";
import type { ServiceAnswer, ServiceFactory, ServiceRequest, StackService } from "../gateway/index.ts";
import { errors, RestProblem } from "./errors.ts";
import { readRelation } from "./handlers/read.ts";
import { POSTGREST_DEFAULTS, restRequest, type RestSettings } from "./handlers/request-context.ts";
import { errorAnswer, toServiceAnswer, type Answer } from "./handlers/respond.ts";
import { callFunction } from "./handlers/rpc.ts";
import { writeRelation } from "./handlers/write.ts";
import { rejectInvalidToken } from "./reject-token.ts";
import { createSchemaCacheHolder } from "./schema-cache/holder.ts";
import { closest } from "./plan/fuzzy.ts";
import { qualifiedKey } from "./schema-cache/types.ts";

const RELATION_METHODS = new Set(["GET", "HEAD", "POST", "PATCH", "PUT", "DELETE", "OPTIONS"]);
const ROOT_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);
const RPC_METHODS = new Set(["GET", "HEAD", "POST", "OPTIONS"]);

/** What a path below /rest/v1 names: the root, `/rpc/<fn>`, `/<table or view>`, or nothing valid. */
type RestRoute =
  { kind: "root" } | { kind: "rpc"; fn: string } | { kind: "relation"; name: string } | { kind: "invalid" };

/**
 * Routes as the Hono routes of this service did (`/`, `/rpc/:fn`, `/:name`, `*`): the base path
 * itself is the root, `/` after it is not; names are percent-decoded like route parameters.
 */
function restRoute(path: string): RestRoute {
  if (path === "") return { kind: "root" };
  const segments = path.split("/");
  if (segments.length === 3 && segments[1] === "rpc" && segments[2] !== "")
    return { kind: "rpc", fn: tryDecodeURIComponent(segments[2] as string) };
  if (segments.length === 2 && segments[1] !== "")
    return { kind: "relation", name: tryDecodeURIComponent(segments[1] as string) };
  return { kind: "invalid" };
}

/**
 * Creates the REST service: loads the schema cache, reloads it on `NOTIFY pgrst`.
 * @example serviceModules: [{ name: "rest", create }]
 */
export const create: ServiceFactory = async (deps) => {
  const settings: RestSettings = {
    schemas: deps.config.api.schemas,
    extraSearchPath: deps.config.api.extra_search_path,
    maxRows: deps.config.api.max_rows > 0 ? deps.config.api.max_rows : undefined,
    ...POSTGREST_DEFAULTS,
  };
  const holder = createSchemaCacheHolder(deps.db.admin, deps.db.listen, settings.schemas, deps.logger);
  await holder
    .reload()
    .catch((error: unknown) => deps.logger.warn({ err: error }, "rest: first schema cache load failed"));

  const answer = async (request: ServiceRequest): Promise<Answer> => {
    const { method } = request;
    const route = restRoute(request.path);
    if (route.kind === "invalid") throw errors.invalidPath();
    if (route.kind === "root") {
      if (!ROOT_METHODS.has(method)) throw errors.unsupportedMethod(method);
      return {
        status: 200,
        body: JSON.stringify({ swagger: "2.0", info: { title: "Parley Stack REST", version: "14" }, paths: {} }),
        headers: { "Content-Type": "application/openapi+json; charset=utf-8" },
      };
    }
    if (route.kind === "rpc") {
      if (!RPC_METHODS.has(method)) throw errors.rpcMethod(method);
      const rest = restRequest(request, holder, settings, "rpc");
      return callFunction(deps.db, rest, route.fn, request, rest.config);
    }
    if (!RELATION_METHODS.has(method)) throw errors.unsupportedMethod(method);
    const rest = restRequest(request, holder, settings, "relation");
    const table = rest.cache.tables.get(qualifiedKey({ schema: rest.schema, name: route.name }));
    if (!table) {
      const names = [...rest.cache.tables.values()].filter((t) => t.schema === rest.schema).map((t) => t.name);
      throw errors.unknownTable(rest.schema, route.name, closest(route.name, names, 0.75));
    }
    if (method === "OPTIONS") return allowAnswer(table);
    if (method === "GET" || method === "HEAD") return readRelation(deps.db, rest, table, rest.config);
    return writeRelation(deps.db, rest, table, request, rest.config);
  };

  const service: StackService = {
    name: "rest",
    basePath: "/rest/v1",
    handle: async (request): Promise<ServiceAnswer> => {
      try {
        return toServiceAnswer(await answer(request), request.method === "HEAD");
      } catch (error) {
        if (error instanceof RestProblem) return errorAnswer(error);
        throw error;
      }
    },
    rejectInvalidToken,
    afterDbReset: () => holder.reload(),
    stop: () => holder.stop(),
  };
  return service;
};

function allowAnswer(table: {
  insertable: boolean;
  updatable: boolean;
  deletable: boolean;
  primaryKey: readonly string[];
}): Answer {
  const methods = ["OPTIONS", "GET", "HEAD"];
  if (table.insertable) methods.push("POST");
  if (table.insertable && table.updatable && table.primaryKey.length > 0) methods.push("PUT");
  if (table.updatable) methods.push("PATCH");
  if (table.deletable) methods.push("DELETE");
  return { status: 200, body: "", headers: { Allow: methods.join(",") } };
}
