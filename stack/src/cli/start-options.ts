import path from "node:path";
import { parseListenHost, parseTrustedProxies, type TrustedProxies } from "../gateway/index.ts";
import type { ProductionOptions } from "../runtime/production/index.ts";
import { UsageError, type CliOptions } from "./options.ts";

/** What `start` adds to `startStack` from its flags and the environment. */
export interface StartFlags {
  host?: string;
  trustedProxies?: TrustedProxies;
  production?: ProductionOptions;
}

/** A flag's value, else its environment variable's; the name says which one a bad value came from. */
function flagOrEnv(
  flag: string | undefined,
  flagName: string,
  env: NodeJS.ProcessEnv,
  variable: string,
): { value: string; name: string } | undefined {
  if (flag !== undefined) return { value: flag, name: flagName };
  const fromEnv = env[variable];
  return fromEnv === undefined || fromEnv.trim() === "" ? undefined : { value: fromEnv, name: variable };
}

/**
 * `--host`/PARLEY_STACK_HOST, `--trusted-proxies`/PARLEY_STACK_TRUSTED_PROXIES and the production
 * flags, checked: a bad value is a UsageError naming the flag or variable it came from.
 * @example startFlags(parseCliOptions(["start", "--production", "--host", "0.0.0.0"]), process.env)
 */
export function startFlags(options: CliOptions, env: NodeJS.ProcessEnv): StartFlags {
  const flags: StartFlags = {};
  const host = flagOrEnv(options.host, "--host", env, "PARLEY_STACK_HOST");
  if (host) {
    try {
      flags.host = parseListenHost(host.value);
    } catch (error) {
      throw new UsageError(`invalid ${host.name}: ${(error as Error).message}`);
    }
  }
  const proxies = flagOrEnv(options.trustedProxies, "--trusted-proxies", env, "PARLEY_STACK_TRUSTED_PROXIES");
  if (proxies) {
    try {
      flags.trustedProxies = parseTrustedProxies(proxies.value);
    } catch (error) {
      throw new UsageError(`invalid ${proxies.name}: ${(error as Error).message}`);
    }
  }
  if (options.production) {
    flags.production = {
      webRoot: path.resolve(options.webDir ?? path.join(options.workdir, "web", "dist")),
      seed: options.seed,
      localMailbox: options.localMailbox,
      allowDemoAccounts:
        options.allowDemoAccounts || env.PARLEY_STACK_ALLOW_DEMO_ACCOUNTS?.trim().toLowerCase() === "true",
    };
  } else {
    const productionOnly = [
      options.seed && "--seed",
      options.localMailbox && "--local-mailbox",
      options.allowDemoAccounts && "--allow-demo-accounts",
      options.webDir !== undefined && "--web-dir",
    ].filter((flag) => flag !== false);
    if (productionOnly.length > 0) throw new UsageError(`${productionOnly.join(", ")} only apply with --production`);
  }
  return flags;
}

/** The same flags again, for the background process of `start --detach`. */
export function startFlagArgs(options: CliOptions): string[] {
  return [
    ...(options.production ? ["--production"] : []),
    ...(options.seed ? ["--seed"] : []),
    ...(options.localMailbox ? ["--local-mailbox"] : []),
    ...(options.allowDemoAccounts ? ["--allow-demo-accounts"] : []),
    ...(options.webDir !== undefined ? ["--web-dir", path.resolve(options.webDir)] : []),
    ...(options.host !== undefined ? ["--host", options.host] : []),
    ...(options.profileStartup ? ["--profile-startup"] : []),
    ...(options.trustedProxies !== undefined ? ["--trusted-proxies", options.trustedProxies] : []),
  ];
}
