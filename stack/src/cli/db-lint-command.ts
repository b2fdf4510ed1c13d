import { existsSync } from "node:fs";
import path from "node:path";
import { loadConfig } from "../config/index.ts";
import {
  functionsWithMutableSearchPath,
  policiesCallingAuthPerRow,
  tablesWithoutRls,
  unindexedForeignKeys,
  type LintFinding,
} from "./lint-rules.ts";
import { connectToTarget } from "./local-database.ts";
import { UsageError, type CliOptions } from "./options.ts";

const LEVELS = ["warning", "error"] as const;
type Level = (typeof LEVELS)[number];

/**
 * `db lint`: the database advisors' checks that catch the usual Supabase mistakes (a table without
 * RLS in an API-exposed schema, a function without a fixed search_path, a policy calling
 * auth.uid() per row, a foreign key without an index), printed as JSON like the CLI's lint. The
 * CLI's flags: `--level warning|error` (the lowest shown), `--fail-on none|warning|error` (exit 1
 * at that level or above), `-s` (the exposed schemas checked for RLS; default public and the
 * config's [api] schemas).
 */
export async function dbLintCommand(options: CliOptions): Promise<number> {
  const level = parseLevel(options.level ?? "warning", "--level", LEVELS);
  const failOn = parseLevel(options.failOn ?? "none", "--fail-on", ["none", ...LEVELS] as const);
  const exposed = options.schema.length > 0 ? options.schema : await exposedSchemas(options.workdir);
  const client = await connectToTarget(options);
  let findings: LintFinding[];
  try {
    findings = [
      ...(await tablesWithoutRls(client, exposed)),
      ...(await functionsWithMutableSearchPath(client)),
      ...(await policiesCallingAuthPerRow(client)),
      ...(await unindexedForeignKeys(client)),
    ];
  } finally {
    await client.end();
  }
  const shown = findings.filter((finding) => rank(finding.level) >= rank(level));
  if (shown.length === 0) {
    process.stderr.write("\nNo schema errors found\n");
    return 0;
  }
  process.stdout.write(`${JSON.stringify(shown, null, 2)}\n`);
  if (failOn !== "none" && shown.some((finding) => rank(finding.level) >= rank(failOn))) {
    process.stderr.write(`Error: fail-on is set to ${failOn}, non-zero exit\n`);
    return 1;
  }
  return 0;
}

const rank = (level: Level) => LEVELS.indexOf(level);

function parseLevel<T extends string>(value: string, flag: string, allowed: readonly T[]): T {
  if (!(allowed as readonly string[]).includes(value))
    throw new UsageError(`invalid argument "${value}" for "${flag}" flag: must be one of [ ${allowed.join(" | ")} ]`);
  return value as T;
}

async function exposedSchemas(workdir: string): Promise<string[]> {
  if (!existsSync(path.join(workdir, "supabase", "config.toml"))) return ["public"];
  const { config } = await loadConfig({ workdir });
  return [...new Set(["public", ...config.api.schemas])];
}
