import { mkdir, readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { loadConfig } from "../../src/config/index.ts";
import { cliEnv, runCli } from "../support/cli.ts";
import { tempProject, type TempProject } from "../support/project.ts";

// No stack: `functions new` only writes files.
const projects: TempProject[] = [];
afterEach(async () => {
  for (const project of projects.splice(0)) await project.remove();
});

async function basic(): Promise<{ project: TempProject; cli: (...args: string[]) => ReturnType<typeof runCli> }> {
  const project = await tempProject("basic");
  projects.push(project);
  const env = await cliEnv(project.dataDir);
  return { project, cli: (...args) => runCli([...args, "--workdir", project.workdir], env) };
}

describe("parley-stack functions new", () => {
  it("writes index.ts and deno.json and a [functions.<name>] block the config loader accepts", async () => {
    const { project, cli } = await basic();
    const run = await cli("functions", "new", "say-hello");
    expect(run.stderr).toBe("");
    expect(run.stdout).toBe("Created new Function at supabase/functions/say-hello\n");
    const folder = path.join(project.workdir, "supabase", "functions", "say-hello");
    expect(await readFile(path.join(folder, "index.ts"), "utf8")).toContain("Deno.serve(");
    expect(JSON.parse(await readFile(path.join(folder, "deno.json"), "utf8"))).toEqual({
      imports: { "@supabase/functions-js": "jsr:@supabase/functions-js@^2" },
    });
    const { config } = await loadConfig({ workdir: project.workdir });
    expect(config.functions["say-hello"]).toMatchObject({
      enabled: true,
      verify_jwt: true,
      import_map: path.join(folder, "deno.json"),
      entrypoint: path.join(folder, "index.ts"),
    });
  });

  it("keeps a block the config already has, and refuses an existing function or a bad name", async () => {
    const { project, cli } = await basic();
    const configFile = path.join(project.workdir, "supabase", "config.toml");
    await writeFile(configFile, `${await readFile(configFile, "utf8")}\n[functions.webhook]\nverify_jwt = false\n`);
    expect((await cli("functions", "new", "webhook")).code).toBe(0);
    const config = await readFile(configFile, "utf8");
    expect(config.match(/\[functions\.webhook\]/g)).toHaveLength(1);
    expect(config).toContain("verify_jwt = false");

    const again = await cli("functions", "new", "webhook");
    expect(again.code).toBe(1);
    expect(again.stderr).toContain('Function "webhook" already exists locally.');

    await mkdir(path.join(project.workdir, "supabase", "functions"), { recursive: true });
    const bad = await cli("functions", "new", "1st/../x");
    expect(bad.code).toBe(1);
    expect(bad.stderr).toContain("Invalid Function name.");
    expect(await readFile(configFile, "utf8")).toBe(config);
  });
});

describe("parley-stack <verb> --help", () => {
  it.each([
    ["migration", "new"],
    ["migration", "list"],
    ["migration", "up"],
    ["db", "lint"],
    ["functions", "new"],
    ["inspect", "db"],
    ["seed", "buckets"],
  ])("%s %s --help prints that verb's usage and flags", async (...verb) => {
    const { cli } = await basic();
    const run = await cli(...verb, "--help");
    expect(run.code).toBe(0);
    expect(run.stdout).toContain(`Usage:\n  parley-stack ${verb.join(" ")} `);
    expect(run.stdout).toContain("-h, --help             help for");
  });
});
