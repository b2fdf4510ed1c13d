// /rest/v1: a PostgREST-compatible REST service. parse → plan → SQL → one
// transaction as the caller → response built from PostgreSQL's JSON.

import { Hono, type Context } from "hono";
import type { GatewayEnv, ServiceFactory, StackService } from "../gateway/index.ts";
import { errors, RestProblem } from "./errors.ts";
import { readRelation } from "./handlers/read.ts";
import { POSTGREST_DEFAULTS, restRequest, type RestSettings } from "./handlers/request-context.ts";
import { errorResponse, toResponse, type Answer } from "./handlers/respond.ts";
import { callFunction } from "./handlers/rpc.ts";
import { writeRelation } from "./handlers/write.ts";
import { rejectInvalidToken } from "./reject-token.ts";
import { createSchemaCacheHolder } from "./schema-cache/holder.ts";
import { closest } from "./plan/fuzzy.ts";
import { qualifiedKey } from "./schema-cache/types.ts";

const RELATION_METHODS = new Set(["GET", "HEAD", "POST", "PATCH", "PUT", "DELETE", "OPTIONS"]);

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
  const holder = createSchemaCacheHolder(deps.db.admin, settings.schemas, deps.logger);
  await holder
    .reload()
    .catch((error: unknown) => deps.logger.warn({ err: error }, "rest: first schema cache load failed"));
  const app = new Hono<GatewayEnv>();

  const answer = async (c: Context<GatewayEnv>, work: () => Promise<Answer | Response>) => {
    try {
      const result = await work();
      return result instanceof Response ? result : toResponse(result, c.req.method === "HEAD");
    } catch (error) {
      if (error instanceof RestProblem) return errorResponse(error);
      throw error;
    }
  };

  app.all("/", (c) =>
    answer(c, async () => {
      if (!["GET", "HEAD", "OPTIONS"].includes(c.req.method)) throw errors.unsupportedMethod(c.req.method);
      return {
        status: 200,
        body: JSON.stringify({ swagger: "2.0", info: { title: "Parley Stack REST", version: "14" }, paths: {} }),
        headers: { "Content-Type": "application/openapi+json; charset=utf-8" },
      };
    }),
  );

  app.all("/rpc/:fn", (c) =>
    answer(c, async () => {
      if (!["GET", "HEAD", "POST", "OPTIONS"].includes(c.req.method)) throw errors.rpcMethod(c.req.method);
      const request = restRequest(c, holder, settings, "rpc");
      return callFunction(deps.db, request, c.req.param("fn"), bodyOf(c), request.config);
    }),
  );

  app.all("/:name", (c) =>
    answer(c, async () => {
      if (!RELATION_METHODS.has(c.req.method)) throw errors.unsupportedMethod(c.req.method);
      const request = restRequest(c, holder, settings, "relation");
      const name = c.req.param("name");
      const table = request.cache.tables.get(qualifiedKey({ schema: request.schema, name }));
      if (!table) {
        const names = [...request.cache.tables.values()].filter((t) => t.schema === request.schema).map((t) => t.name);
        throw errors.unknownTable(request.schema, name, closest(name, names, 0.75));
      }
      if (c.req.method === "OPTIONS") return allowAnswer(table);
      if (c.req.method === "GET" || c.req.method === "HEAD")
        return readRelation(deps.db, request, table, request.config);
      return writeRelation(deps.db, request, table, bodyOf(c), request.config);
    }),
  );

  app.all("*", (c) =>
    answer(c, async () => {
      throw errors.invalidPath();
    }),
  );

  const service: StackService = {
    name: "rest",
    basePath: "/rest/v1",
    app,
    rejectInvalidToken,
    afterDbReset: () => holder.reload(),
    stop: () => holder.stop(),
  };
  return service;
};

/** The request body readers the handlers take. */
function bodyOf(c: Context<GatewayEnv>) {
  return { text: () => c.req.text(), bytes: async () => Buffer.from(await c.req.arrayBuffer()) };
}

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
