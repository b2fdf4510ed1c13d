import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import type { StackConfig } from "../../config/index.ts";
import { databasePasswordFile, weakDatabasePasswordReason } from "../../db/index.ts";
import { UnsafeProductionError, unsafeProductionSettings } from "./unsafe-settings.ts";

/** How `startStack` runs in production mode (`parley-stack start --production`). */
export interface ProductionOptions {
  /** The built web app to serve on the API port (`web/dist`). */
  webRoot: string;
  /** Run the seed on a new database (off unless asked: production data is not demo data). */
  seed: boolean;
  /** Keep auth mail in the local mailbox (on 127.0.0.1) instead of requiring SMTP. */
  localMailbox: boolean;
  /**
   * Serve a data folder that holds demo accounts (`--allow-demo-accounts`); refused by default, as
   * their passwords are published.
   */
  allowDemoAccounts?: boolean;
}

/**
 * A weak database password the operator put in the data folder's `db-password` (none there: the
 * start generates a strong one).
 */
function databasePasswordProblems(dataDir: string): string[] {
  const file = databasePasswordFile(dataDir);
  if (!existsSync(file)) return [];
  const reason = weakDatabasePasswordReason(readFileSync(file, "utf8").trim());
  if (reason === undefined) return [];
  return [
    `${file}: the database password ${reason}: anyone on this machine could log in to PostgreSQL. ` +
      "Delete the file to have a strong one generated at start (every database role gets it), or write one of at least 16 random characters.",
  ];
}

/**
 * Refuses a production start before anything runs: every unsafe setting, a default or weak
 * database password, and a web app that is not built, in one error listing them all.
 * @throws {UnsafeProductionError}
 */
export function assertSafeProductionStart(
  config: StackConfig,
  production: ProductionOptions,
  env: Record<string, string | undefined>,
  dataDir: string,
): void {
  const problems = [
    ...unsafeProductionSettings(config, { localMailbox: production.localMailbox, env }),
    ...databasePasswordProblems(dataDir),
  ];
  const index = path.join(production.webRoot, "index.html");
  if (!existsSync(index))
    problems.push(
      `the web app is not built: ${index} is missing. Run \`npm run build\` (or start with \`npm run serve\`, which builds it), or pass --web-dir.`,
    );
  if (problems.length > 0) throw new UnsafeProductionError(problems);
}

/**
 * The config as production mode runs it. The app and the APIs share one public origin there, the
 * site URL's, so an unset `auth.external_url` (links in auth emails, OAuth and SAML callbacks)
 * becomes `<site URL origin>/auth/v1` instead of the gateway's loopback address.
 * @example productionConfig(config).auth.external_url // "https://chat.example.com/auth/v1"
 */
export function productionConfig(config: StackConfig): StackConfig {
  if (config.auth.external_url !== "") return config;
  let origin: string;
  try {
    origin = new URL(config.auth.site_url).origin;
  } catch {
    return config;
  }
  return { ...config, auth: { ...config.auth, external_url: `${origin}/auth/v1` } };
}
