import { existsSync } from "node:fs";
import { appendFile, mkdir, readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { readTomlFile } from "../config/read-toml.ts";
import { functionConfigBlock, functionDenoJson, functionIndexSource } from "./function-template.ts";
import { UsageError, type CliOptions } from "./options.ts";

/** The CLI's function slug rule (utils.FuncSlugPattern). */
const FUNCTION_NAME = /^[A-Za-z][A-Za-z0-9_-]*$/;

/**
 * `functions new <name>`: `supabase/functions/<name>/index.ts` and `deno.json`, plus a
 * `[functions.<name>]` block appended to `supabase/config.toml` when it has none, as the CLI does.
 * An existing function folder is refused, never overwritten.
 */
export async function functionsNewCommand(options: CliOptions): Promise<number> {
  if (options.verb.length !== 3) throw new UsageError(`accepts 1 arg(s), received ${options.verb.length - 2}`);
  const name = options.verb[2] ?? "";
  if (!FUNCTION_NAME.test(name))
    throw new UsageError(
      "Invalid Function name. Must start with at least one letter, and only include alphanumeric characters, underscores, and hyphens. (^[A-Za-z][A-Za-z0-9_-]*$)",
    );
  const relative = path.join("supabase", "functions", name);
  const folder = path.join(options.workdir, relative);
  if (existsSync(folder)) throw new UsageError(`Function "${name}" already exists locally.`);
  // Read before writing anything: a config.toml that does not parse leaves no half-made function.
  const config = path.join(options.workdir, "supabase", "config.toml");
  const addBlock = existsSync(config) && !(await configuresFunction(config, name));
  await mkdir(folder, { recursive: true });
  await writeFile(path.join(folder, "index.ts"), functionIndexSource(name), { flag: "wx" });
  await writeFile(path.join(folder, "deno.json"), functionDenoJson(), { flag: "wx" });
  if (addBlock) {
    const text = await readFile(config, "utf8");
    await appendFile(config, `${text.endsWith("\n") ? "" : "\n"}${functionConfigBlock(name)}`);
  }
  process.stdout.write(`Created new Function at ${relative}\n`);
  return 0;
}

/** Whether config.toml already has this function's table (then it stays as the user wrote it). */
async function configuresFunction(config: string, name: string): Promise<boolean> {
  const functions = (await readTomlFile(config, "supabase/config.toml")).functions;
  return typeof functions === "object" && functions !== null && name in functions;
}
