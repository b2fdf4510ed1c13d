import { createWriteStream } from "node:fs";
import { once } from "node:events";
import { dumpData } from "../backup/data-dump.ts";
import { DATA_EXCLUDED_SCHEMAS, DATA_EXCLUDED_TABLES, SCHEMA_EXCLUDED_SCHEMAS } from "../backup/dump-scope.ts";
import { dumpRoles } from "../backup/role-dump.ts";
import { dumpSchema } from "../backup/schema-dump.ts";
import { streamSink } from "../backup/sql-sink.ts";
import { connectForDump } from "../backup/dump-connection.ts";
import { resolveDatabaseUrl } from "./database-target.ts";
import { UsageError, type CliOptions } from "./options.ts";

const say = (text: string) => process.stderr.write(`${text}\n`);

/**
 * `db dump`: the schema by default, rows with `--data-only`, roles with `--role-only`; the Supabase CLI's flags (`-f`,
 * `--data-only`, `--role-only`, `--schema`, `--exclude`,
 * `--db-url`); the dump is read in one snapshot. Messages go to stderr so stdout is only SQL.
 */
export async function dbDumpCommand(options: CliOptions): Promise<number> {
  validateDumpFlags(options);
  const url = await resolveDatabaseUrl(options);
  const client = await connectForDump(url);
  const out = options.file !== undefined ? createWriteStream(options.file, { mode: 0o600 }) : process.stdout;
  if (options.file !== undefined) await once(out, "open");
  try {
    await client.query("begin isolation level repeatable read read only");
    if (options.roleOnly) {
      say("Dumping roles from the database...");
      await dumpRoles(client, streamSink(out));
    } else if (!options.dataOnly) {
      say("Dumping schemas from the database...");
      const schemas = await dumpSchema(
        client,
        { schemas: options.schema, excludedSchemas: SCHEMA_EXCLUDED_SCHEMAS, excludedTables: [] },
        streamSink(out),
      );
      say(`Dumped schemas ${schemas.join(", ")}.`);
    } else {
      say("Dumping data from the database...");
      const scope = {
        schemas: options.schema,
        excludedSchemas: DATA_EXCLUDED_SCHEMAS,
        excludedTables: [...DATA_EXCLUDED_TABLES, ...options.exclude],
      };
      const { tables, rows } = await dumpData(client, scope, streamSink(out));
      say(`Dumped ${rows} rows from ${tables} tables.`);
    }
    await client.query("commit");
  } finally {
    await client.end();
    if (out !== process.stdout)
      await new Promise<void>((resolve, reject) =>
        out.end((error?: Error | null) => (error ? reject(error) : resolve())),
      );
  }
  if (options.file !== undefined) say(`Dumped to ${options.file}.`);
  return 0;
}

function validateDumpFlags(options: CliOptions): void {
  if (options.useCopy)
    throw new UsageError(
      "--use-copy is not supported: Parley Stack dumps INSERT statements, which db restore and psql both load",
    );
  if (options.dataOnly && options.roleOnly)
    throw new UsageError(
      "if any flags in the group [data-only role-only] are set none of the others can be; [data-only role-only] were all set",
    );
  if (options.roleOnly && options.schema.length > 0)
    throw new UsageError("--schema applies to schema and --data-only dumps");
  if (!options.dataOnly && options.exclude.length > 0) throw new UsageError("--exclude applies to --data-only dumps");
  for (const table of options.exclude) {
    if (!/^[^.]+\.[^.]+$/.test(table))
      throw new UsageError(`invalid argument "${table}" for "-x, --exclude" flag: expected schema.table`);
  }
}
