import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { cliEnv, runCli } from "../support/cli.ts";
import { tempProject, type TempProject } from "../support/project.ts";

// One stack of the `cli-verbs` fixture (see its migration) for `db lint` and `inspect db`.
let project: TempProject;
let env: NodeJS.ProcessEnv;
const cli = (...args: string[]) => runCli([...args, "--workdir", project.workdir], env);

beforeAll(async () => {
  project = await tempProject("cli-verbs");
  env = await cliEnv(project.dataDir);
  const started = await cli("start", "--detach", "-o", "json");
  if (started.code !== 0) throw new Error(`start failed: ${started.stderr}`);
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
