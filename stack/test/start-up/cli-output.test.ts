import pg from "pg";
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
