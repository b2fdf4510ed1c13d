import { spawnSync } from "node:child_process";
import { fileURLToPath } from "node:url";

const buildScript = fileURLToPath(new URL("../../scripts/build.js", import.meta.url));

/**
 * Vitest global setup of the integration project: tests that spawn `bin/parley-stack.js` run the
 * compiled stack (dist/), so it is rebuilt first whenever src/ changed since the last build.
 */
export default function buildStackIfStale(): void {
  const build = spawnSync(process.execPath, [buildScript, "--if-stale"], { stdio: "inherit" });
  if (build.status !== 0) throw new Error(`building the stack failed (exit code ${build.status ?? build.signal})`);
}
