import pg from "pg";
import { introspect } from "@supabase/postgrest-typegen/introspection";
import { generateTypescript, sortGeneratorMetadata } from "@supabase/postgrest-typegen/generation";
import { TypegenError } from "./typegen-error.ts";

export interface TypescriptTypesOptions {
  /** Schemas to describe, in the order given. */
  schemas: readonly string[];
  /** Schemas named on the command line: each must exist (defaults that do not are left out quietly). */
  requiredSchemas: readonly string[];
}

/**
 * The `Database` types of a database, exactly as `supabase gen types typescript` prints them: the
 * CLI runs postgres-meta, whose typegen is @supabase/postgrest-typegen — introspect, sort, generate —
 * with one-to-one relationship detection on (the CLI's default for PostgREST ≥ 10).
 * @example const source = await generateTypescriptTypes(databaseUrl(54322), { schemas: ["public"], requiredSchemas: [] });
 */
export async function generateTypescriptTypes(url: string, options: TypescriptTypesOptions): Promise<string> {
  const client = new pg.Client({ connectionString: url, application_name: "parley-stack gen types" });
  try {
    await client.connect();
  } catch (error) {
    throw new TypegenError(`cannot connect to the database at ${withoutPassword(url)}: ${(error as Error).message}`);
  }
  try {
    await assertSchemasExist(client, options.requiredSchemas);
    const metadata = await introspect(oneQueryAtATime(client), { includedSchemas: [...options.schemas] });
    return await generateTypescript(sortGeneratorMetadata(metadata), {
      detectOneToOneRelationships: true,
      defaultSchema: "public",
    });
  } finally {
    await client.end();
  }
}

async function assertSchemasExist(client: pg.Client, schemas: readonly string[]): Promise<void> {
  if (schemas.length === 0) return;
  const { rows } = await client.query<{ nspname: string }>(
    "select nspname from pg_namespace where nspname = any($1::text[])",
    [schemas],
  );
  const found = new Set(rows.map((row) => row.nspname));
  const missing = schemas.filter((schema) => !found.has(schema));
  if (missing.length > 0)
    throw new TypegenError(`schema ${missing.map((name) => `"${name}"`).join(", ")} does not exist in the database`);
}

/** introspect() issues its queries together; one client runs them in turn (pg 8 warns otherwise). */
function oneQueryAtATime(client: pg.Client): { query(sql: string): Promise<{ rows: unknown[] }> } {
  let queue: Promise<unknown> = Promise.resolve();
  return {
    query(sql: string) {
      const run = queue.then(() => client.query(sql));
      queue = run.catch(() => undefined);
      return run;
    },
  };
}

/** The URL for an error message, its password (if any) masked; parsed, never pattern-matched. */
function withoutPassword(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = "****";
    return parsed.toString();
  } catch {
    return "(an unreadable database URL)";
  }
}
