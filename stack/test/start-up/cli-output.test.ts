import { createServer } from "node:net";
import pg from "pg";
import WebSocket from "ws";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { cliEnv, runCli, startCliForeground, type CliStack } from "../support/cli.ts";
import { tempProject, type TempProject } from "../support/project.ts";

// One stack started by the real CLI for the whole file: what a Supabase user reads in its output.
let project: TempProject;
let env: NodeJS.ProcessEnv;
let stack: CliStack;

beforeAll(async () => {
  project = await tempProject("cli-output");
  env = { ...(await cliEnv(project.dataDir)), PARLEY_STACK_LOG_LEVEL: "info" };
  delete env.NEXT_SITE_URL;
  stack = await startCliForeground(["--workdir", project.workdir], env);
});

afterAll(async () => {
  stack.child.kill("SIGTERM");
  await stack.exited;
  await project.remove();
});

describe("start and db reset say what they apply, as the Supabase CLI", () => {
  it("a first start prints its steps, each migration and the seed, one line each", () => {
    const lines = stack.stderr().split("\n");
    expect(lines).toEqual(
      expect.arrayContaining([
        "Initialising PostgreSQL (first start)...",
        "Initialising schema...",
        "Applying migration 20250101000000_notes.sql...",
        "Seeding data from supabase/seed.sql...",
      ]),
    );
  });

  it("db reset on the running stack prints the migrations and the seed it applied", async () => {
    const run = await runCli(["db", "reset", "--workdir", project.workdir], env);
    expect(run.code).toBe(0);
    const lines = run.stderr.split("\n");
    expect(lines).toEqual(
      expect.arrayContaining([
        "Recreating database...",
        "Initialising schema...",
        "Applying migration 20250101000000_notes.sql...",
        "Seeding data from supabase/seed.sql...",
      ]),
    );
    expect(run.stdout).toContain("Finished db reset.");
  });
});

describe("the migration history, as the Supabase CLI records it", () => {
  it("schema_migrations.statements holds one element per statement", async () => {
    const client = new pg.Client({ connectionString: stack.status.DB_URL });
    await client.connect();
    try {
      const { rows } = await client.query<{ statements: string[] }>(
        "select statements from supabase_migrations.schema_migrations where version = '20250101000000'",
      );
      expect(rows[0]?.statements).toEqual([
        "-- three statements: the history row records each one on its own, as the CLI does\ncreate table public.notes (body text not null)",
        "create function public.note_count() returns bigint\nlanguage sql stable as $$ select count(*) from public.notes; $$",
        "grant select on public.notes to anon",
      ]);
    } finally {
      await client.end();
    }
  });
});

/** Waits until the stack's log has a line for which `match` is true, and returns it. */
async function logLine(match: (line: string) => boolean): Promise<string> {
  for (;;) {
    const line = stack.stderr().split("\n").find(match);
    if (line !== undefined) return line;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe("the request log", () => {
  it("carries the query string with credentials redacted", async () => {
    const key = stack.status.ANON_KEY ?? "";
    const response = await fetch(`${stack.status.API_URL}/rest/v1/notes?select=body&apikey=${key}&token=t0ps3cret`);
    // PostgREST reads `token` as a filter on a missing column (400): the log line is what matters
    expect(response.status).toBe(400);
    const line = await logLine((l) => l.includes("/rest/v1/notes"));
    expect(line).toContain("select=body&apikey=[REDACTED]&token=[REDACTED]");
    expect(line).not.toContain(key);
    expect(line).not.toContain("t0ps3cret");
  });

  it("logs a realtime websocket when it opens and when it closes", async () => {
    const key = stack.status.ANON_KEY ?? "";
    const url = `${stack.status.API_URL?.replace("http", "ws")}/realtime/v1/websocket?apikey=${key}&vsn=1.0.0`;
    const socket = new WebSocket(url);
    await new Promise((resolve, reject) => {
      socket.once("open", resolve);
      socket.once("error", reject);
    });
    const opened = await logLine((l) => l.includes("websocket open"));
    expect(opened).toContain("/realtime/v1/websocket");
    expect(opened).toContain("apikey=[REDACTED]&vsn=1.0.0");
    expect(opened).not.toContain(key);
    socket.close();
    expect(await logLine((l) => l.includes("websocket closed"))).toContain("/realtime/v1/websocket");
  });
});

describe("[inbucket] enabled = false", () => {
  it("serves no mailbox, leaves its port free and says auth mail is not delivered", async () => {
    expect(stack.status.INBUCKET_URL ?? "").toBe("");
    const blocker = createServer();
    await new Promise<void>((resolve, reject) => {
      blocker.once("error", reject);
      blocker.listen(Number(env.PARLEY_STACK_INBUCKET_PORT), "127.0.0.1", resolve);
    });
    blocker.close();
    expect(stack.stderr()).toContain("[inbucket] enabled = false and no [auth.email.smtp]");
  });
});

describe("an unusable Site URL (env() of an unset variable)", () => {
  it("is a start-up warning naming the key", () => {
    const warning = stack
      .stderr()
      .split("\n")
      .find((line) => line.includes("auth.site_url"));
    expect(warning).toContain("NEXT_SITE_URL is not set");
    // a readable line, as the Supabase CLI prints its warnings, not a JSON log record
    expect(warning).toMatch(/^WARNING: /);
  });

  it("/verify still answers: a redirect to an allowed redirect_to, else GoTrue's error, never a 500", async () => {
    const api = stack.status.API_URL ?? "";
    const service = stack.status.SECRET_KEY ?? "";
    const linked = await fetch(`${api}/auth/v1/admin/generate_link`, {
      method: "POST",
      headers: { apikey: service, authorization: `Bearer ${service}`, "content-type": "application/json" },
      body: JSON.stringify({ type: "signup", email: "site-url@example.com", password: "a-long-password" }),
    });
    expect(linked.status).toBe(200);
    const { hashed_token: hash } = (await linked.json()) as { hashed_token: string };
    const verify = (query: string) =>
      fetch(`${api}/auth/v1/verify?token=${hash}&type=signup${query}`, { redirect: "manual" });

    const nowhere = await verify("");
    expect(nowhere.status).toBe(400);
    expect(await nowhere.json()).toMatchObject({ code: 400, error_code: "validation_failed" });

    const welcomed = await verify(`&redirect_to=${encodeURIComponent("http://127.0.0.1:3000/welcome")}`);
    expect(welcomed.status).toBe(303);
    const location = new URL(welcomed.headers.get("location") ?? "");
    expect(location.origin + location.pathname).toBe("http://127.0.0.1:3000/welcome");
    expect(new URLSearchParams(location.hash.slice(1)).get("type")).toBe("signup");
  });
});

describe("a second start on the running project", () => {
  it("says it is already running and where, as `supabase start` does, and exits 0", async () => {
    const run = await runCli(["start", "--workdir", project.workdir], env);
    expect(run.stderr).toContain("parley-stack start is already running.");
    expect(run.stdout).toContain(stack.status.API_URL);
    expect(run.code).toBe(0);
  });
});
