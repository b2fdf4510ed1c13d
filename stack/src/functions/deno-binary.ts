import { execFile } from "node:child_process";
import { existsSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { promisify } from "node:util";
import type { Logger } from "pino";

const require = createRequire(import.meta.url);

/** Names a Deno executable to run functions with instead of the bundled one (e.g. a newer Deno). */
export const DENO_OVERRIDE_ENV = "PARLEY_STACK_FUNCTIONS_DENO";

let cached: string | undefined;

/**
 * The Deno executable of the `deno` npm package this stack depends on (2.1.4, the Deno that
 * Supabase's edge-runtime embeds). The package's install script copies the platform binary next to
 * its package.json; when that copy is missing (read-only install, scripts disabled) its own
 * `install_api.cjs` resolves the `@deno/<platform>` package.
 * @example spawn(bundledDeno(), ["--version"]);
 */
export function bundledDeno(): string {
  if (cached !== undefined) return cached;
  const packageDir = path.dirname(require.resolve("deno/package.json"));
  const copied = path.join(packageDir, process.platform === "win32" ? "deno.exe" : "deno");
  if (existsSync(copied)) return (cached = copied);
  const installApi = require(path.join(packageDir, "install_api.cjs")) as { runInstall(): string };
  return (cached = installApi.runInstall());
}

/** The bundled Deno's version, from its package (no process started). */
export function bundledDenoVersion(): string {
  return (require("deno/package.json") as { version: string }).version;
}

/**
 * The Deno functions run on: `PARLEY_STACK_FUNCTIONS_DENO` when set, else the bundled one.
 * @example spawn(denoExecutable(), ["--version"]);
 */
export function denoExecutable(env: NodeJS.ProcessEnv = process.env): string {
  return env[DENO_OVERRIDE_ENV] || bundledDeno();
}

export interface ChosenDeno {
  executable: string;
  /** e.g. `2.1.4`. */
  version: string;
}

const execFileAsync = promisify(execFile);

async function versionOf(executable: string): Promise<string | undefined> {
  try {
    const { stdout } = await execFileAsync(executable, ["--version"], { timeout: 10_000 });
    return /^deno (\d+\.\d+\.\d+)/m.exec(stdout)?.[1];
  } catch {
    return undefined;
  }
}

/**
 * Picks the Deno for `[edge_runtime] deno_version` (a major, as in the CLI, where 1 selects
 * edge-runtime's Deno 1 image and 2 its default, Deno 2.1.4). A Deno named by
 * `PARLEY_STACK_FUNCTIONS_DENO` is used when it runs and is Deno 2 (the flags the stack passes need
 * Deno 2); otherwise the bundled 2.1.4, with one plain warning line saying why.
 * @example const deno = await chooseDeno(config.edge_runtime.deno_version, logger);
 */
export async function chooseDeno(
  denoVersion: number,
  logger: Logger,
  env: NodeJS.ProcessEnv = process.env,
): Promise<ChosenDeno> {
  const bundled: ChosenDeno = { executable: bundledDeno(), version: bundledDenoVersion() };
  const override = env[DENO_OVERRIDE_ENV];
  if (override) {
    const version = await versionOf(override);
    if (version?.startsWith("2.")) {
      if (denoVersion !== 2)
        logger.warn(
          `[edge_runtime] deno_version = ${denoVersion}, but ${DENO_OVERRIDE_ENV} names Deno ${version}; using it`,
        );
      return { executable: override, version };
    }
    logger.warn(
      `${DENO_OVERRIDE_ENV}=${override} ${version ? `is Deno ${version}` : "does not run as deno --version"}; ` +
        `functions need Deno 2 here and run on the bundled Deno ${bundled.version}`,
    );
    return bundled;
  }
  if (denoVersion === 1) {
    logger.warn(
      `[edge_runtime] deno_version = 1 is not available: functions run on Deno ${bundled.version} ` +
        `(edge-runtime's Deno 2); set deno_version = 2 to silence this`,
    );
  }
  return bundled;
}
