import { readFile } from "node:fs/promises";
import { createServer } from "node:net";
import path from "node:path";
import pg from "pg";
import { afterEach, describe, expect, it } from "vitest";
import { isAlive } from "../src/runtime/state-file.ts";
import { cliEnv, runCli, startCliForeground } from "./support/cli.ts";
import { tempProject, type TempProject } from "./support/project.ts";

const projects: TempProject[] = [];
afterEach(async () => {
  for (const project of projects.splice(0)) await project.remove();
});

async function project(fixture: string): Promise<TempProject> {
  const p = await tempProject(fixture);
  projects.push(p);
  return p;
}

describe("parley-stack start (foreground)", () => {
  it("serves another project's migrations and seed with --workdir, and SIGTERM leaves no process behind", async () => {
    const other = await project("other");
    const env = await cliEnv(other.dataDir);
    const { child, status, exited } = await startCliForeground(["--workdir", other.workdir], env);
    expect(status.API_URL).toBe(`http://127.0.0.1:${env.PARLEY_STACK_API_PORT}`);
    expect(Object.keys(status)).toEqual(
      expect.arrayContaining([
        "API_URL",
        "DB_URL",
        "ANON_KEY",
        "SERVICE_ROLE_KEY",
        "PUBLISHABLE_KEY",
        "SECRET_KEY",
        "JWT_SECRET",
        "INBUCKET_URL",
        "MAILPIT_URL",
      ]),
    );
    const client = new pg.Client({ connectionString: status.DB_URL });
    await client.connect();
    const widgets = await client.query<{ name: string }>("select name from public.widgets order by name");
    await client.end();
    expect(widgets.rows.map((r) => r.name)).toEqual(["gear", "sprocket"]);

    const postmasterPid = Number(
      (await readFile(path.join(other.dataDir, "postgres", "postmaster.pid"), "utf8")).split("\n")[0],
    );
    expect(isAlive(postmasterPid)).toBe(true);
    child.kill("SIGTERM");
    expect((await exited).code).toBe(0);
    expect(isAlive(postmasterPid)).toBe(false);
    await expect(fetch(status.API_URL ?? "")).rejects.toThrow();
  });

  it("exits with a message naming the port and the config key when a port is taken", async () => {
    const basic = await project("basic");
    const env = await cliEnv(basic.dataDir);
    const blocker = createServer();
    await new Promise<void>((resolve) => blocker.listen(Number(env.PARLEY_STACK_API_PORT), "127.0.0.1", resolve));
    try {
      const run = await runCli(["start", "--workdir", basic.workdir], env);
      expect(run.code).toBe(1);
      expect(run.stderr).toContain(
        `Port ${env.PARLEY_STACK_API_PORT} is already in use (api.port in supabase/config.toml)`,
      );
    } finally {
      blocker.close();
    }
  });

  it("exits with the config error naming key and file", async () => {
    const basic = await project("basic");
    const env = await cliEnv(basic.dataDir);
    const { writeFile } = await import("node:fs/promises");
    await writeFile(path.join(basic.workdir, "supabase/config.toml"), "[api]\nport = 70000\n");
    const run = await runCli(["start", "--workdir", basic.workdir], env);
    expect(run.code).toBe(1);
    expect(run.stderr).toMatch(/supabase\/config\.toml: api\.port/);
  });
});

describe("parley-stack start --detach, status, db reset, stop", () => {
  it(
    "runs in the background, reports status in every format, resets the database and stops",
    { timeout: 180_000 },
    async () => {
      const basic = await project("basic");
      const env = await cliEnv(basic.dataDir);
      const args = ["--workdir", basic.workdir];
      const notRunning = await runCli(["status", ...args], env);
      expect(notRunning.code).toBe(1);
      expect(notRunning.stderr).toContain("not running");

      const started = await runCli(["start", "--detach", "-o", "json", ...args], env);
      expect(started.code).toBe(0);
      const status = JSON.parse(started.stdout) as Record<string, string>;
      try {
        const envOut = await runCli(["status", "-o", "env", ...args], env);
        expect(envOut.stdout).toContain(`API_URL="${status.API_URL}"`);
        expect(envOut.stdout).toContain(`ANON_KEY="${status.ANON_KEY}"`);
        const pretty = await runCli(["status", ...args], env);
        expect(pretty.stdout).toMatch(/API URL: http:\/\/127\.0\.0\.1:\d+/);

        const client = new pg.Client({ connectionString: status.DB_URL });
        await client.connect();
        await client.query("insert into public.notes (body) values ('gone after reset')");
        await client.end();
        const reset = await runCli(["db", "reset", ...args], env);
        expect(reset.code).toBe(0);
        const after = new pg.Client({ connectionString: status.DB_URL });
        await after.connect();
        const notes = await after.query<{ body: string }>("select body from public.notes");
        await after.end();
        expect(notes.rows).toEqual([{ body: "seeded note" }]);
      } finally {
        const stopped = await runCli(["stop", ...args], env);
        expect(stopped.code).toBe(0);
        expect(stopped.stdout).toContain("Stopped");
      }
      await expect(fetch(status.API_URL ?? "")).rejects.toThrow();
      // The next start reuses the data folder (same keys).
      const again = await runCli(["start", "--detach", "-o", "json", ...args], env);
      try {
        expect((JSON.parse(again.stdout) as Record<string, string>).PUBLISHABLE_KEY).toBe(status.PUBLISHABLE_KEY);
      } finally {
        await runCli(["stop", ...args], env);
      }
    },
  );

  it("rejects an unknown output format as the Supabase CLI does", async () => {
    const run = await runCli(["status", "-o", "yaml"], process.env);
    expect(run.code).toBe(1);
    expect(run.stderr).toContain('invalid argument "yaml" for "-o, --output" flag');
  });
});
