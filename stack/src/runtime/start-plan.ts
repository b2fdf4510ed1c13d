import type { Logger } from "pino";
import { loadConfig, type StackConfig } from "../config/index.ts";
import { stopOrphanedServer } from "../db/index.ts";
import type { KeyRing } from "../gateway/index.ts";
import { loadKeyRing } from "./keys.ts";
import { ensureDataDir, resolveStackPaths, type StackPaths } from "./paths.ts";
import { assertPortFree, findFreePort } from "./port-probe.ts";
import { assertSafeProductionStart, productionConfig, type ProductionOptions } from "./production/index.ts";
import { readLiveStackState } from "./state-file.ts";

/** What a start reads before anything runs: the project's config and paths. */
export interface StartConfig {
  paths: StackPaths;
  config: StackConfig;
  warnings: readonly string[];
  production: ProductionOptions | undefined;
  /**
   * The mailbox is served outside production unless `[inbucket] enabled = false` (the CLI then
   * starts no Inbucket container), and in production with `--local-mailbox`.
   */
  serveMailbox: boolean;
}

export interface StartConfigOptions {
  workdir?: string;
  dataDir?: string;
  env?: Record<string, string | undefined>;
  production?: ProductionOptions;
}

/**
 * Step "config": loads `supabase/config.toml` (warnings logged), refuses unsafe production settings
 * and a second stack on the same project.
 */
export async function readStartConfig(options: StartConfigOptions, logger: Logger): Promise<StartConfig> {
  const paths = resolveStackPaths(options.workdir ?? process.cwd(), options.dataDir);
  const env = options.env ?? process.env;
  const loaded = await loadConfig({ workdir: paths.workdir, env });
  for (const warning of loaded.warnings) logger.warn(warning);
  const production = options.production;
  if (production) assertSafeProductionStart(loaded.config, production, env, paths.dataDir);
  const running = await readLiveStackState(paths.stateFile);
  if (running)
    throw new Error(
      `A stack is already running for this project (pid ${running.pid}); stop it with \`parley-stack stop\`.`,
    );
  return {
    paths,
    config: production ? productionConfig(loaded.config) : loaded.config,
    warnings: loaded.warnings,
    production,
    serveMailbox: production === undefined ? loaded.config.inbucket.enabled : production.localMailbox,
  };
}

/** The ports asked for (0 = any free port; the database's is chosen here, the others when they listen). */
export interface WantedPorts {
  api: number;
  db: number;
  inbucket: number;
}

/**
 * Step "ports and data folder": stops a PostgreSQL a killed stack left behind, checks the ports
 * (naming the config key of one in use), makes the data folder and loads (or creates) the keys.
 */
export async function claimPortsAndDataFolder(
  start: StartConfig,
  ports: Partial<WantedPorts> | undefined,
): Promise<{ ports: WantedPorts; keys: KeyRing }> {
  const { config, paths } = start;
  const wantedDb = ports?.db ?? config.db.port;
  const wanted = {
    api: ports?.api ?? config.api.port,
    db: wantedDb === 0 ? await findFreePort() : wantedDb,
    inbucket: ports?.inbucket ?? config.inbucket.port,
  };
  // After a crash (SIGKILL) the old PostgreSQL still holds db.port: stop it before checking ports.
  await stopOrphanedServer(paths.clusterDir);
  await assertPortFree(wanted.api, "api.port");
  await assertPortFree(wanted.db, "db.port");
  if (start.serveMailbox) await assertPortFree(wanted.inbucket, "inbucket.port");
  await ensureDataDir(paths);
  const keys = await loadKeyRing(config, paths.workdir, paths.dataDir);
  return { ports: wanted, keys };
}
