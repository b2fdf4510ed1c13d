import { existsSync } from "node:fs";
import path from "node:path";
import { loadConfig } from "../config/index.ts";
import { generateTypescriptTypes, TypegenError } from "../typegen/index.ts";
import { resolveDatabaseUrl } from "./database-target.ts";
import type { CliOptions } from "./options.ts";

const OTHER_LANGUAGES = ["go", "swift", "python"];

/**
 * `gen types [typescript]`: prints the Supabase CLI's TypeScript types of the workdir's running stack
 * (`--local`, the default) or of `--db-url`. Without `--schema`, the CLI's default: `public` plus the
 * config's `[api] schemas`. Only the types go to stdout, so `> database.types.ts` works.
 */
export async function genTypesCommand(options: CliOptions): Promise<number> {
  const language = options.verb[2] ?? "typescript";
  if (options.verb.length > 3) throw new TypegenError(`unexpected argument "${options.verb[3]}" for "gen types"`);
  if (OTHER_LANGUAGES.includes(language))
    throw new TypegenError(`Parley Stack generates TypeScript types only (got "${language}")`);
  if (language !== "typescript")
    throw new TypegenError(`unknown language "${language}" for "gen types": must be typescript`);
  if (options.linked)
    throw new TypegenError("Parley Stack has no linked project: use --local (the default) or --db-url");
  if (options.local && options.dbUrl !== undefined)
    throw new TypegenError("--local and --db-url cannot be used together");
  const url = await resolveDatabaseUrl(options);
  const schemas = options.schema.length > 0 ? options.schema : await defaultSchemas(options.workdir);
  const source = await generateTypescriptTypes(url, {
    schemas: [...new Set(schemas)],
    requiredSchemas: options.schema,
  });
  // postgres-meta prints the formatted source with console.log: one more newline than the source has.
  process.stdout.write(`${source}\n`);
  return 0;
}

/** The CLI's default: `public` and the `[api] schemas` of supabase/config.toml, when there is one. */
async function defaultSchemas(workdir: string): Promise<string[]> {
  if (!existsSync(path.join(workdir, "supabase", "config.toml"))) return ["public"];
  const { config } = await loadConfig({ workdir });
  return ["public", ...config.api.schemas];
}
