// `parley-stack start --production` through the real CLI, with the choices an operator makes on
// purpose: --seed runs the seed on the new database, --local-mailbox serves the mailbox instead of
// requiring SMTP.
import { fileURLToPath } from "node:url";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { cliEnv, startCliForeground } from "../support/cli.ts";
import { tempProject, type TempProject } from "../support/project.ts";

const webDist = fileURLToPath(new URL("../fixtures/web-dist", import.meta.url));

let project: TempProject;
beforeAll(async () => {
  project = await tempProject("production");
});
afterAll(() => project.remove());

describe("start --production --seed --local-mailbox", () => {
  it("seeds the new database, serves the mailbox and the app, and stops on SIGTERM", { timeout: 180_000 }, async () => {
    const env: NodeJS.ProcessEnv = {
      ...(await cliEnv(project.dataDir)),
      PARLEY_TEST_JWT_SECRET: "a-production-secret-that-is-long-enough-0123456789",
    };
    const started = await startCliForeground(
      ["--production", "--seed", "--local-mailbox", "--web-dir", webDist, "--workdir", project.workdir],
      env,
    );
    try {
      const client = new pg.Client({ connectionString: started.status.DB_URL });
      await client.connect();
      const notes = await client.query<{ body: string }>("select body from public.notes");
      await client.end();
      expect(notes.rows.map((row) => row.body)).toEqual(["seeded note"]);

      expect(started.status.INBUCKET_URL).toBe(`http://127.0.0.1:${env.PARLEY_STACK_INBUCKET_PORT}`);
      expect((await fetch(`${started.status.INBUCKET_URL}/api/v1/messages`)).status).toBe(200);
      const app = await fetch(`${started.status.API_URL}/en/channels`);
      expect(app.status).toBe(200);
      expect(await app.text()).toContain("<title>Parley (test build)</title>");
    } finally {
      started.child.kill("SIGTERM");
    }
    expect((await started.exited).code).toBe(0);
  });
});
