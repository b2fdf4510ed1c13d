import { existsSync } from "node:fs";
import path from "node:path";
import type { StackConfig } from "../../config/index.ts";
import { UnsafeProductionError, unsafeProductionSettings } from "./unsafe-settings.ts";

/** How `startStack` runs in production mode (`parley-stack start --production`). */
export interface ProductionOptions {
  /** The built web app to serve on the API port (`web/dist`). */
  webRoot: string;
  /** Run the seed on a new database (off unless asked: production data is not demo data). */
  seed: boolean;
  /** Keep auth mail in the local mailbox (on 127.0.0.1) instead of requiring SMTP. */
  localMailbox: boolean;
}

/**
 * Refuses a production start before anything runs: every unsafe setting, and a web app that is
 * not built, in one error listing them all.
 * @throws {UnsafeProductionError}
 */
export function assertSafeProductionStart(config: StackConfig, production: ProductionOptions, env: Record<string, string | undefined>): void {
  const problems = unsafeProductionSettings(config, { localMailbox: production.localMailbox, env });
  const index = path.join(production.webRoot, "index.html");
  if (!existsSync(index)) problems.push(`the web app is not built: ${index} is missing. Run \`npm run build\` (or start with \`npm run serve\`, which builds it), or pass --web-dir.`);
  if (problems.length > 0) throw new UnsafeProductionError(problems);
}
