import pg from "pg";
import type { SupabaseClient } from "@supabase/supabase-js";
import { testClient } from "../support/client.ts";
import { cliEnv, runCli } from "../support/cli.ts";
import { REPOSITORY_PROJECT, tempProject, type TempProject } from "../support/project.ts";

/** A stack of Parley's own project run by the CLI in the background, on free ports. */
export interface DetachedStack {
  project: TempProject;
  env: NodeJS.ProcessEnv;
  args: string[];
  status: Record<string, string>;
}

/** A fresh copy of the repository's supabase/ folder with its own (empty) data folder. */
export async function parleyProject(): Promise<{ project: TempProject; env: NodeJS.ProcessEnv; args: string[] }> {
  const project = await tempProject(REPOSITORY_PROJECT);
  return { project, env: await cliEnv(project.dataDir), args: ["--workdir", project.workdir] };
}

/** `parley-stack start --detach -o json`; throws with the CLI's stderr if it did not start. */
export async function startDetached(target: {
  project: TempProject;
  env: NodeJS.ProcessEnv;
  args: string[];
}): Promise<DetachedStack> {
  const run = await runCli(["start", "--detach", "-o", "json", ...target.args], target.env);
  if (run.code !== 0) throw new Error(`start failed: ${run.stderr}`);
  return { ...target, status: JSON.parse(run.stdout) as Record<string, string> };
}

/** Runs `parley-stack <args> --workdir …` for a stack and fails the test with its output if it fails. */
export async function cli(stack: { env: NodeJS.ProcessEnv; args: string[] }, ...args: string[]): Promise<string> {
  const run = await runCli([...args, ...stack.args], stack.env);
  if (run.code !== 0) throw new Error(`parley-stack ${args.join(" ")} exited with ${run.code}:\n${run.stderr}`);
  return run.stdout;
}

export const publicClient = (stack: DetachedStack): SupabaseClient =>
  testClient(stack.status.API_URL ?? "", stack.status.PUBLISHABLE_KEY ?? "");
export const secretClient = (stack: DetachedStack): SupabaseClient =>
  testClient(stack.status.API_URL ?? "", stack.status.SECRET_KEY ?? "");

/** Rows of a query on a stack's database, as JSON text so timestamps and numbers compare exactly. */
export async function snapshot(dbUrl: string, queries: readonly string[]): Promise<string[]> {
  const client = new pg.Client({ connectionString: dbUrl });
  await client.connect();
  try {
    const results: string[] = [];
    for (const query of queries)
      results.push(
        JSON.stringify(
          (await client.query(`select coalesce(json_agg(q), '[]') as rows from (${query}) q`)).rows[0]?.rows,
        ),
      );
    return results;
  } finally {
    await client.end();
  }
}
