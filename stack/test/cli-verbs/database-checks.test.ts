import { appendFile, mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { cliEnv, runCli } from "../support/cli.ts";
import { tempProject, type TempProject } from "../support/project.ts";

// One stack of the `cli-verbs` fixture (see its migration) for `db lint`, `inspect db` and `seed buckets`.
let project: TempProject;
let env: NodeJS.ProcessEnv;
let dbUrl: string;
let apiUrl: string;
const cli = (...args: string[]) => runCli([...args, "--workdir", project.workdir], env);

beforeAll(async () => {
  project = await tempProject("cli-verbs");
  env = await cliEnv(project.dataDir);
  const started = await cli("start", "--detach", "-o", "json");
  if (started.code !== 0) throw new Error(`start failed: ${started.stderr}`);
  ({ DB_URL: dbUrl, API_URL: apiUrl } = JSON.parse(started.stdout) as { DB_URL: string; API_URL: string });
}, 180_000);

afterAll(async () => {
  await cli("stop");
  await project.remove();
}, 60_000);

interface Finding {
  name: string;
  level: string;
  object: string;
}

describe("parley-stack db lint", () => {
  it("flags exactly the fixture's four mistakes, as JSON", async () => {
    const run = await cli("db", "lint");
    expect(run.code).toBe(0);
    const findings = (JSON.parse(run.stdout) as Finding[]).map(({ name, level, object }) => ({ name, level, object }));
    expect(findings).toEqual([
      { name: "rls_disabled_in_public", level: "error", object: "api.open_notes" },
      { name: "function_search_path_mutable", level: "warning", object: "public.loose_count()" },
      { name: "auth_rls_initplan", level: "warning", object: 'public.tasks policy "owners write"' },
      { name: "unindexed_foreign_keys", level: "warning", object: "public.tasks constraint tasks_project_id_fkey" },
    ]);
  });

  it("takes the CLI's --level, --fail-on and --schema flags", async () => {
    const errors = await cli("db", "lint", "--level", "error", "--fail-on", "error");
    expect(errors.code).toBe(1);
    expect((JSON.parse(errors.stdout) as Finding[]).map((finding) => finding.name)).toEqual(["rls_disabled_in_public"]);
    expect(errors.stderr).toContain("fail-on is set to error");

    const publicOnly = await cli("db", "lint", "--level", "error", "-s", "public");
    expect(publicOnly.code).toBe(0);
    expect(publicOnly.stdout).toBe("");
    expect(publicOnly.stderr).toContain("No schema errors found");

    const bad = await cli("db", "lint", "--level", "info");
    expect(bad.code).toBe(1);
    expect(bad.stderr).toContain('invalid argument "info" for "--level" flag: must be one of [ warning | error ]');
  });
});

/** The report's rows as objects keyed by the CLI's column names (`-o json`). */
async function report(name: string): Promise<Record<string, string>[]> {
  const run = await cli("inspect", "db", name, "-o", "json");
  expect(run.stderr).toBe("");
  expect(run.code).toBe(0);
  return JSON.parse(run.stdout) as Record<string, string>[];
}

describe("parley-stack inspect db", () => {
  it("prints the CLI's table of sizes for the project's tables and indexes, not the platform's", async () => {
    const pretty = await cli("inspect", "db", "table-sizes");
    expect(pretty.stdout.split("\n")[1]?.replace(/\s+/g, " ").trim()).toBe("SCHEMA │ TABLE │ SIZE");
    const tables = (await report("table-sizes")).map((row) => `${row.Schema}.${row.Table}`).sort();
    expect(tables).toEqual(["api.open_notes", "public.projects", "public.tasks"]);
    expect((await report("total-table-sizes")).map((row) => row.Table).sort()).toEqual([
      "open_notes",
      "projects",
      "tasks",
    ]);
    const indexes = (await report("index-sizes")).map((row) => row.Index);
    expect(indexes).toContain("projects_owner_id_idx");
    expect(indexes).not.toContain("users_pkey");
    expect((await report("unused-indexes")).map((row) => row.Index)).toEqual(["projects_owner_id_idx"]);
  });

  it("reports index usage, cache hits, row counts, sequential scans and bloat per table", async () => {
    expect(Object.keys((await report("index-usage"))[0] ?? {})).toEqual([
      "Table name",
      "Percentage of times index used",
      "Rows in table",
    ]);
    expect((await report("cache-hit")).map((row) => row.Name)).toEqual(["index hit rate", "table hit rate"]);
    expect((await report("table-record-counts")).map((row) => row.Name).sort()).toEqual([
      "open_notes",
      "projects",
      "tasks",
    ]);
    expect((await report("seq-scans")).map((row) => row.Name)).toContain("api.open_notes");
    const bloat = await report("bloat");
    expect(bloat.map((row) => `${row.Type} ${row["Schema name"]}.${row["Object name"]}`)).toContain(
      "table public.tasks",
    );
  });

  it("shows a lock held on a table and the statement it blocks", async () => {
    const holder = new pg.Client({ connectionString: dbUrl });
    const waiter = new pg.Client({ connectionString: dbUrl });
    await holder.connect();
    await waiter.connect();
    try {
      await holder.query("begin");
      await holder.query("lock table public.tasks in access exclusive mode");
      const waiting = waiter.query("select count(*) from public.tasks");
      const locks = await report("locks");
      expect(locks).toContainEqual(expect.objectContaining({ Relname: "tasks", Granted: "true" }));
      let blocking: Record<string, string>[] = [];
      for (let attempt = 0; attempt < 50 && blocking.length === 0; attempt += 1) blocking = await report("blocking");
      expect(blocking[0]?.["Blocked statement"]).toBe("select count(*) from public.tasks");
      expect(blocking[0]?.["Blocking statement"]).toBe("lock table public.tasks in access exclusive mode");
      await holder.query("commit");
      await waiting;
    } finally {
      await holder.end();
      await waiter.end();
    }
    expect(await report("long-running-queries")).toEqual([]);
  });

  it("lists its reports, refuses an unknown one, and says what outliers needs", async () => {
    const list = await cli("inspect", "db");
    expect(list.stdout).toContain("cache-hit");
    const unknown = await cli("inspect", "db", "nonsense");
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toContain('unknown command "nonsense" for "parley-stack inspect db"');
    const outliers = await cli("inspect", "db", "outliers");
    expect(outliers.code).toBe(1);
    expect(outliers.stderr).toContain("outliers reads pg_stat_statements");
  });
});

describe("parley-stack seed buckets", () => {
  it("creates a bucket added to config.toml, uploads its objects_path, and updates it when run again", async () => {
    const supabase = path.join(project.workdir, "supabase");
    await mkdir(path.join(supabase, "buckets", "docs", "guides"), { recursive: true });
    await writeFile(path.join(supabase, "buckets", "docs", "readme.txt"), "hello");
    await writeFile(path.join(supabase, "buckets", "docs", "guides", "start.txt"), "start here");
    await appendFile(
      path.join(supabase, "config.toml"),
      '\n[storage.buckets.docs]\npublic = true\nobjects_path = "./buckets/docs"\n',
    );
    const run = await cli("seed", "buckets");
    expect(run.code).toBe(0);
    expect(run.stderr).toContain("Creating Storage bucket: docs");
    expect(run.stderr).toContain("Uploading: supabase/buckets/docs/guides/start.txt => docs/guides/start.txt");
    const object = await fetch(`${apiUrl}/storage/v1/object/public/docs/guides/start.txt`);
    expect(object.status).toBe(200);
    expect(await object.text()).toBe("start here");

    await writeFile(path.join(supabase, "buckets", "docs", "readme.txt"), "hello again");
    const again = await cli("seed", "buckets");
    expect(again.code).toBe(0);
    expect(again.stderr).toContain("Updating Storage bucket: docs");
    expect(await (await fetch(`${apiUrl}/storage/v1/object/public/docs/readme.txt`)).text()).toBe("hello again");
  });
});
