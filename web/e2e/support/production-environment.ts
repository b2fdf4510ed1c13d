/**
 * Parley as a team runs it on one server: a build that knows no backend, served with the APIs by
 * Parley Stack in production mode (`start --production`) on one port, with a real JWT secret, the
 * OAuth providers off and the local mailbox chosen on purpose (no SMTP here).
 *
 * @example
 * const environment = await startProductionEnvironment();
 * try { … environment.appUrl … } finally { await environment.stop(); }
 */
import { randomBytes } from "node:crypto";
import { chmod, mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { buildApp, freePorts, startStack, type RunningEnvironment } from "./environment";

export async function startProductionEnvironment(): Promise<RunningEnvironment> {
  const workDir = await mkdtemp(join(tmpdir(), "parley-e2e-production-"));
  // As root the stack runs PostgreSQL as the `postgres` user, which must pass through this folder to
  // the data folder inside; the stack never changes folders above its data folder, so we do.
  if (process.getuid?.() === 0) await chmod(workDir, 0o711);
  const cleanups: Array<() => Promise<void>> = [() => rm(workDir, { recursive: true, force: true })];
  const stop = async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  };
  try {
    const outDir = join(workDir, "dist");
    await buildApp({ outDir });
    const [apiPort, dbPort, inbucketPort] = (await freePorts(3)) as [number, number, number];
    const appUrl = `http://127.0.0.1:${apiPort}`;
    const stack = await startStack({
      dataDir: join(workDir, "stack-data"),
      ports: { api: apiPort, db: dbPort, inbucket: inbucketPort },
      timeouts: { stackStartMs: 180_000, stackStopMs: 30_000 },
      configOverrides: {
        SUPABASE_AUTH_JWT_SECRET: randomBytes(48).toString("base64"),
        SUPABASE_AUTH_SITE_URL: appUrl,
        SUPABASE_AUTH_EXTERNAL_GITHUB_ENABLED: "false",
        SUPABASE_AUTH_EXTERNAL_GOOGLE_ENABLED: "false",
      },
      flags: ["--production", "--local-mailbox", "--web-dir", outDir],
    });
    cleanups.push(stack.stop);
    return { appUrl, stack: stack.status, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}
