import { Hono } from "hono";
import { existsSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { makePrivateDir, type GatewayEnv, type ServiceDeps, type StackService } from "../gateway/index.ts";
import { chooseDeno } from "./deno-binary.ts";
import { discoverFunctions, type Discovery } from "./discover-functions.ts";
import { functionNotFound } from "./function-errors.ts";
import { denoCacheDir, denoProcessEnv, functionEnv } from "./function-env.ts";
import { invokeFunction, type InvokeContext } from "./invoke-function.ts";
import { functionLimits } from "./limits.ts";
import { relayUpgrade } from "./relay-upgrade.ts";
import { watchFolders } from "./watch-functions.ts";
import { webhookTargets } from "./webhook-targets.ts";
import { WorkerPool } from "./worker-pool.ts";

const BASE_PATH = "/functions/v1";
const EDGE_RUNTIME_DISABLED = "Edge functions are not served: [edge_runtime] enabled = false in supabase/config.toml";
const BOOTSTRAP = fileURLToPath(new URL("./deno/bootstrap.js", import.meta.url));

/**
 * `/functions/v1`: `supabase/functions/NAME` served by real Deno, one process per function, with
 * hosted's environment, the CLI's verify_jwt and error answers, and reload on file changes.
 * CORS is the function's business (`cors: "self"`), as on hosted.
 * @example const service = await createFunctionsService(deps);
 */
export async function createFunctionsService(deps: ServiceDeps): Promise<StackService> {
  const logger = deps.logger.child({ service: "functions" });
  const supabaseDir = path.join(deps.workdir, "supabase");
  const limits = functionLimits();
  const warnedSecrets = new Set<string>();
  await makePrivateDir(denoCacheDir(deps.dataDir));
  const deno = await chooseDeno(deps.config.edge_runtime.deno_version, logger);
  let discovery: Discovery = await discover();
  if (!discovery.hasFunctionsFolder) logger.info("no supabase/functions folder: no edge functions to serve");

  async function discover(): Promise<Discovery> {
    const found = await discoverFunctions(supabaseDir, deps.config.functions);
    for (const warning of found.warnings) logger.warn(warning);
    return found;
  }

  const pool = new WorkerPool({
    deno: deno.executable,
    bootstrap: BOOTSTRAP,
    memoryLimitMb: limits.memoryLimitMb,
    policy: deps.config.edge_runtime.policy,
    cpuLimitMs: limits.cpuLimitMs,
    logger,
    env: async () => {
      const { env, skipped } = await functionEnv(deps, supabaseDir);
      for (const name of skipped.filter((n) => !warnedSecrets.has(n))) {
        warnedSecrets.add(name);
        logger.warn(`Env name cannot start with SUPABASE_, skipping: ${name}`);
      }
      return { ...env, ...denoProcessEnv(deps.dataDir) };
    },
  });

  /** Boots the functions Database Webhooks call (their 1 s default timeout cannot wait for a cold boot). */
  async function bootWebhookTargets(): Promise<void> {
    if (!deps.config.edge_runtime.enabled) return;
    const targets = (await webhookTargets(deps.db.admin)).flatMap((name) => discovery.functions.get(name) ?? []);
    if (targets.length === 0) return;
    logger.info({ functions: targets.map((fn) => fn.name) }, "booting the functions Database Webhooks call");
    // One at a time: the stack is serving already, and each boot is a Deno start-up.
    for (const fn of targets) await pool.acquire(fn).then((worker) => worker.ready().catch(() => undefined));
  }
  const warmUp = () =>
    void bootWebhookTargets().catch((error: unknown) =>
      logger.warn(`could not boot the functions Database Webhooks call: ${(error as Error).message}`),
    );
  warmUp();

  const watched = [
    path.join(supabaseDir, "functions"),
    ...[...discovery.functions.values()].map((fn) => fn.directory),
  ].filter((folder) => existsSync(folder));
  const watcher = watchFolders(
    watched,
    (files) => {
      logger.info({ files: files.slice(0, 5) }, "function files changed; reloading");
      void discover().then((found) => {
        discovery = found;
        pool.retireAll();
        warmUp();
      });
    },
    (error) => logger.warn({ err: error }, "cannot watch function files; edits need a restart"),
  );

  // workers read SUPABASE_JWKS at spawn: after a key rotation new workers get the new set
  deps.keys.onSigningKeysChange(() => pool.retireAll());
  const ctx: InvokeContext = { keys: deps.keys, pool, limits, logger };
  /** `/functions/v1/NAME/sub?q` → the function and `/NAME/sub?q`, the path it sees (Kong's strip_path). */
  const route = (url: URL) => {
    const pathAndQuery = url.pathname.slice(BASE_PATH.length) + url.search;
    const name = url.pathname.slice(BASE_PATH.length).split("/")[1] ?? "";
    return { name, fn: deps.config.edge_runtime.enabled ? discovery.functions.get(name) : undefined, pathAndQuery };
  };

  const app = new Hono<GatewayEnv>();
  app.all("*", async (c) => {
    const url = new URL(c.req.url);
    const { name, fn, pathAndQuery } = route(url);
    if (!deps.config.edge_runtime.enabled) return c.json({ message: EDGE_RUNTIME_DISABLED }, 503);
    if (name === "_internal" && url.pathname.endsWith("/_internal/health")) return c.json({ message: "ok" });
    if (!fn) return functionNotFound();
    return invokeFunction(ctx, fn, c.req.raw, pathAndQuery);
  });

  return {
    name: "functions",
    basePath: BASE_PATH,
    app,
    cors: "self",
    upgrade: (request, socket, head) => {
      relayUpgrade(ctx, route(new URL(request.url ?? "/", "http://127.0.0.1")), request, socket, head).catch(
        (error: unknown) => {
          logger.error({ err: error }, "websocket relay failed");
          socket.destroy();
        },
      );
    },
    stop: async () => {
      watcher.close();
      await pool.stop();
    },
  };
}
