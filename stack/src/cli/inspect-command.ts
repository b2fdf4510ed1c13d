import type pg from "pg";
import { formatTable } from "./text-table.ts";
import { INSPECT_REPORTS, PLATFORM_SCHEMA_PATTERNS } from "./inspect-queries.ts";
import { connectToTarget } from "./local-database.ts";
import { UsageError, type CliOptions } from "./options.ts";
import { VerbError } from "./verb-error.ts";

/** `inspect db` with no report: the reports there are, as the CLI's help lists its subcommands. */
export function inspectReportList(): string {
  const names = Object.keys(INSPECT_REPORTS);
  const width = Math.max(...names.map((name) => name.length));
  return names.map((name) => `  ${name.padEnd(width)}  ${INSPECT_REPORTS[name]?.summary ?? ""}`).join("\n");
}

/**
 * `inspect db <report>`: one of the CLI's database reports on the running stack or `--db-url`,
 * printed as the CLI's table (`-o json` gives the rows as objects keyed by the column names).
 */
export async function inspectDbCommand(options: CliOptions): Promise<number> {
  const name = options.verb[2];
  if (name === undefined) {
    process.stdout.write(`Usage:\n  parley-stack inspect db <report> [flags]\n\nReports:\n${inspectReportList()}\n`);
    return 0;
  }
  const report = INSPECT_REPORTS[name];
  if (report === undefined || options.verb.length > 3)
    throw new UsageError(`unknown command "${options.verb.slice(2).join(" ")}" for "parley-stack inspect db"`);
  const client = await connectToTarget(options);
  let rows: string[][];
  try {
    if (name === "outliers") await requireStatStatements(client);
    const result = await client.query<unknown[]>({
      text: report.sql,
      values: report.usesPlatformSchemas ? [PLATFORM_SCHEMA_PATTERNS] : [],
      rowMode: "array",
    });
    rows = result.rows.map((row) => row.map((value) => (value === null ? "" : String(value))));
  } finally {
    await client.end();
  }
  if (options.output === "json") {
    const objects = rows.map((row) => Object.fromEntries(report.headers.map((header, i) => [header, row[i]])));
    process.stdout.write(`${JSON.stringify(objects, null, 2)}\n`);
  } else process.stdout.write(`${formatTable(report.headers, rows)}\n`);
  return 0;
}

async function requireStatStatements(client: pg.ClientBase): Promise<void> {
  // The view exists once the extension is created, but reads fail unless the library is preloaded.
  const readable = await client.query("select from pg_stat_statements limit 0").then(
    () => true,
    () => false,
  );
  if (readable) return;
  throw new VerbError(
    "outliers reads pg_stat_statements, which this database does not have: create extension pg_stat_statements (it also needs shared_preload_libraries)",
  );
}
