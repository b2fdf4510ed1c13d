// A development data folder started in production mode: its roles still have the well-known
// database password (rotated to a generated one, said in one log line), and its demo accounts
// (published passwords) are refused unless the operator allows them on purpose.
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { cliEnv, runCli, startCliForeground } from "../support/cli.ts";
import { testClient } from "../support/client.ts";
import { tempProject, type TempProject } from "../support/project.ts";
import { tryLogin } from "./support/other-user.ts";

const webDist = fileURLToPath(new URL("../fixtures/web-dist", import.meta.url));

let project: TempProject;
let env: NodeJS.ProcessEnv;
beforeAll(async () => {
  project = await tempProject("production");
  env = {
    ...(await cliEnv(project.dataDir)),
    PARLEY_TEST_JWT_SECRET: "a-production-secret-that-is-long-enough-0123456789",
    PARLEY_STACK_LOG_LEVEL: "warn",
  };
});
afterAll(() => project.remove());

const productionFlags = () => ["--production", "--local-mailbox", "--web-dir", webDist, "--workdir", project.workdir];

describe("start --production on a development data folder", () => {
  it(
    "rotates the well-known password, refuses demo accounts, and serves them when allowed",
    { timeout: 300_000 },
    async () => {
      // A development start, then accounts as the demo seed makes them.
      const dev = await startCliForeground(["--workdir", project.workdir], env);
      try {
        const admin = testClient(dev.status.API_URL ?? "", dev.status.SECRET_KEY ?? "");
        for (const email of ["ada@parley.test", "founder@acme-corp.com"]) {
          const { error } = await admin.auth.admin.createUser({ email, password: "parley-demo", email_confirm: true });
          expect(error).toBeNull();
        }
        const { error } = await admin.auth.admin.createUser({
          email: "real@acme-corp.com",
          password: "a real password 123",
          email_confirm: true,
        });
        expect(error).toBeNull();
      } finally {
        dev.child.kill("SIGTERM");
        await dev.exited;
      }

      // A start that got ready (and so was not refused) is stopped again, so the test ends either way.
      const refused = await startCliForeground(productionFlags(), env).then(
        async (stack) => {
          stack.child.kill("SIGTERM");
          await stack.exited;
          return "started";
        },
        (error: Error) => error.message,
      );
      expect(refused).toContain("parley-stack exited with 1 before it was ready");
      expect(refused).toContain("Refusing to start in production mode:");
      expect(refused).toContain(
        `the data folder ${project.dataDir} holds demo accounts (ada@parley.test, founder@acme-corp.com)`,
      );
      expect(refused).toContain("--allow-demo-accounts (PARLEY_STACK_ALLOW_DEMO_ACCOUNTS=true)");
      // The upgrade said once that the well-known password was replaced.
      expect(
        refused.match(/still had the well-known password postgres: changed to the data folder's own in /g),
      ).toHaveLength(1);

      const port = Number(env.PARLEY_STACK_DB_PORT);
      const allowed = await startCliForeground(productionFlags(), { ...env, PARLEY_STACK_ALLOW_DEMO_ACCOUNTS: "true" });
      try {
        expect(allowed.stderr()).not.toContain("well-known password");
        for (const user of ["postgres", "authenticator", "supabase_admin"])
          expect(await tryLogin(undefined, { host: "127.0.0.1", port, user, password: "postgres" })).toEqual({
            ok: false,
            code: "28P01",
          });
        expect(allowed.status.DB_URL).not.toContain("postgres:postgres@");
        const anon = testClient(allowed.status.API_URL ?? "", allowed.status.PUBLISHABLE_KEY ?? "");
        const signIn = await anon.auth.signInWithPassword({ email: "ada@parley.test", password: "parley-demo" });
        expect(signIn.error).toBeNull();
      } finally {
        allowed.child.kill("SIGTERM");
        await allowed.exited;
      }
    },
  );

  it("`--allow-demo-accounts` is a production flag", async () => {
    const run = await runCli(["start", "--allow-demo-accounts", "--workdir", project.workdir], env);
    expect(run.code).toBe(1);
    expect(run.stderr).toContain("--allow-demo-accounts only apply with --production");
  });
});
