import { readdir, readFile, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { execFileSync } from "node:child_process";
import { BIN, cliEnv, runCli } from "../support/cli.ts";
import { tempProject, type TempProject } from "../support/project.ts";

// One stack of the `basic` fixture (two migrations and a seed), started in the background.
let project: TempProject;
let env: NodeJS.ProcessEnv;
let dbUrl: string;
const cli = (...args: string[]) => runCli([...args, "--workdir", project.workdir], env);

async function query<T extends pg.QueryResultRow>(sql: string): Promise<T[]> {
  const client = new pg.Client({ connectionString: dbUrl });
  await client.connect();
  try {
    return (await client.query<T>(sql)).rows;
  } finally {
    await client.end();
  }
}

beforeAll(async () => {
  project = await tempProject("basic");
  env = await cliEnv(project.dataDir);
  const started = await cli("start", "--detach", "-o", "json");
  if (started.code !== 0) throw new Error(`start failed: ${started.stderr}`);
  dbUrl = (JSON.parse(started.stdout) as { DB_URL: string }).DB_URL;
}, 180_000);

afterAll(async () => {
  await cli("stop");
  await project.remove();
}, 60_000);

describe("parley-stack migration new | list | up", () => {
  it("lists the applied migrations as LOCAL │ REMOTE │ TIME (UTC)", async () => {
    const run = await cli("migration", "list");
    expect(run.code).toBe(0);
    const lines = run.stdout.split("\n").filter((line) => line.trim() !== "");
    expect(lines[0]?.replace(/\s+/g, " ").trim()).toBe("LOCAL │ REMOTE │ TIME (UTC)");
    expect(lines[1]).toMatch(/^ +─+┼─+┼─+$/);
    expect(lines[2]?.replace(/\s+/g, " ").trim()).toBe("20240101000000 │ 20240101000000 │ 2024-01-01 00:00:00");
    expect(lines[3]?.replace(/\s+/g, " ").trim()).toBe("20240102000000 │ 20240102000000 │ 2024-01-02 00:00:00");
  });

  it("creates <UTC timestamp>_<name>.sql, lists it as pending, and up applies and records it", async () => {
    const before = new Date().toISOString().replace(/[-:T]/g, "").slice(0, 14);
    const created = await cli("migration", "new", "add_labels");
    expect(created.code).toBe(0);
    const match = /^Created new migration at (supabase\/migrations\/(\d{14})_add_labels\.sql)\n$/.exec(created.stdout);
    expect(match).not.toBeNull();
    const [, relative = "", version = ""] = match ?? [];
    expect(version >= before).toBe(true);
    expect(await readFile(path.join(project.workdir, relative), "utf8")).toBe("");
    await writeFile(path.join(project.workdir, relative), "create table public.labels (id int primary key);\n");

    const pending = await cli("migration", "list");
    const row = pending.stdout.split("\n").find((line) => line.includes(version)) ?? "";
    expect(row.split("│").map((cell) => cell.trim())).toEqual([version, "", expect.stringMatching(/^\d{4}-/)]);

    const up = await cli("migration", "up");
    expect(up.stderr).toContain(`Applying migration ${version}_add_labels.sql...`);
    expect(up.stdout).toBe("Local database is up to date.\n");
    expect(await query("select 1 from public.labels")).toEqual([]);
    const history = await query<{ name: string }>(
      `select name from supabase_migrations.schema_migrations where version = '${version}'`,
    );
    expect(history).toEqual([{ name: "add_labels" }]);

    const again = await cli("migration", "up");
    expect(again.code).toBe(0);
    expect(again.stderr).not.toContain("Applying migration");
  });

  it("takes the migration's SQL from a pipe, and refuses a name that leaves the folder", async () => {
    const piped = execFileSync(process.execPath, [BIN, "migration", "new", "piped", "--workdir", project.workdir], {
      env,
      input: "select 1;\n",
      encoding: "utf8",
    });
    const relative = /at (\S+)\n$/.exec(piped)?.[1] ?? "";
    expect(await readFile(path.join(project.workdir, relative), "utf8")).toBe("select 1;\n");
    await rm(path.join(project.workdir, relative));

    const refused = await cli("migration", "new", "../escape");
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain('invalid migration name "../escape"');
    expect((await readdir(path.join(project.workdir, "supabase"))).sort()).toEqual([
      "config.toml",
      "migrations",
      "seed.sql",
    ]);
  });

  it("refuses a pending migration older than the newest applied one unless --include-all", async () => {
    const file = path.join(project.workdir, "supabase", "migrations", "20230101000000_early.sql");
    await writeFile(file, "create table public.early (id int);\n");
    const refused = await cli("migration", "up");
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain("Found local migration files to be inserted before the last migration");
    expect(refused.stderr).toContain("supabase/migrations/20230101000000_early.sql");
    expect(await query("select to_regclass('public.early') is null as missing")).toEqual([{ missing: true }]);

    const included = await cli("migration", "up", "--include-all");
    expect(included.code).toBe(0);
    expect(await query("select to_regclass('public.early') is null as missing")).toEqual([{ missing: false }]);
  });
});
