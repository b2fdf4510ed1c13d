import type { Context } from "hono";
import type { GatewayEnv } from "../../gateway/index.ts";
import { requireCaller } from "../caller.ts";
import type { StorageContext, StorageRoute } from "../context.ts";
import { StorageError } from "../errors.ts";
import type { TusActor, TusService } from "../tus-server.ts";

const servers = new WeakMap<StorageContext, Promise<{ plain: TusService; signed: TusService }>>();

/** The TUS servers, created (and `@tus/server` loaded) with the first resumable upload, not at start. */
function tusFor(ctx: StorageContext) {
  let pair = servers.get(ctx);
  if (!pair) {
    pair = import("../tus-server.ts").then(({ createTusService }) => ({
      plain: createTusService(ctx, false),
      signed: createTusService(ctx, true),
    }));
    servers.set(ctx, pair);
  }
  return pair;
}

function actorOf(c: Context<GatewayEnv>, signed: boolean): TusActor | undefined {
  if (c.req.method === "OPTIONS") return undefined;
  if (signed) return { kind: "signed", token: c.req.header("x-signature") };
  return { kind: "caller", caller: requireCaller(c, "required"), upsert: c.req.header("x-upsert") === "true" };
}

/** TUS errors are real statuses with the message as plain text. */
async function handleTus(c: Context<GatewayEnv>, ctx: StorageContext, signed: boolean): Promise<Response> {
  let actor: TusActor | undefined;
  try {
    actor = actorOf(c, signed);
  } catch (error) {
    if (error instanceof StorageError)
      return new Response(error.message, { status: error.semanticStatus, headers: { "Tus-Resumable": "1.0.0" } });
    throw error;
  }
  const pair = await tusFor(ctx);
  return (signed ? pair.signed : pair.plain).handle(c.req.raw, actor ?? { kind: "signed", token: undefined });
}

// HEAD arrives through the GET routes (Hono dispatches HEAD to GET); the request keeps its method.
const METHODS = ["OPTIONS", "POST", "PATCH", "DELETE", "GET"] as const;

const routesFor = (path: string, signed: boolean): StorageRoute[] =>
  METHODS.flatMap((method) => [
    { method, path, handler: (c, ctx) => handleTus(c, ctx, signed) },
    { method, path: `${path}/*`, handler: (c, ctx) => handleTus(c, ctx, signed) },
  ]);

/** `/upload/resumable/sign[/<id>]`: TUS with `x-signature` = a createSignedUploadUrl token. */
export const signedTusRoutes = routesFor("/upload/resumable/sign", true);

/** `/upload/resumable[/<id>]`: TUS 1.0 create/HEAD/PATCH/DELETE as the JWT caller. */
export const tusRoutes = routesFor("/upload/resumable", false);
