import { inspectReportList } from "./inspect-command.ts";

const TARGET = `      --local            the workdir's running stack (the default)
      --db-url string    a database URL instead (percent-encoded)`;

/** `<verb> --help` for the Supabase CLI's everyday verbs, in the CLI's layout (Usage, Flags). */
const HELP: Record<string, () => string> = {
  "migration new": () => `Create an empty migration file: supabase/migrations/<YYYYMMDDHHMMSS>_<name>.sql (UTC).
Piped or redirected stdin becomes its SQL.

Usage:
  parley-stack migration new <migration name> [flags]

Flags:
  -h, --help             help for new`,
  "migration list": () => `List local migrations beside the database's migration history
(supabase_migrations.schema_migrations): LOCAL │ REMOTE │ TIME (UTC).

Usage:
  parley-stack migration list [flags]

Flags:
${TARGET}
  -h, --help             help for list`,
  "migration up": () => `Apply pending local migrations, each in its own transaction, recording them in
supabase_migrations.schema_migrations.

Usage:
  parley-stack migration up [flags]

Flags:
      --include-all      also apply pending migrations older than the newest applied one
${TARGET}
  -h, --help             help for up`,
  "db lint": () => `Check the database for the advisors' common mistakes; findings are printed as JSON.

Usage:
  parley-stack db lint [flags]

Flags:
      --level string     the lowest level shown: warning or error (default "warning")
      --fail-on string   exit 1 on findings at this level or above: none, warning, error (default "none")
  -s, --schema strings   the API-exposed schemas checked for RLS (default: public and [api] schemas)
${TARGET}
  -h, --help             help for lint`,
  "seed buckets": () => `Create or update the buckets of [storage.buckets.*] in supabase/config.toml on the running
stack, and upload the files under each one's objects_path (overwriting objects of the same name).

Usage:
  parley-stack seed buckets [flags]

Flags:
  -h, --help             help for buckets`,
  "functions new": () => `Create a new edge function: supabase/functions/<name>/index.ts and deno.json, and its
[functions.<name>] block in supabase/config.toml.

Usage:
  parley-stack functions new <Function name> [flags]

Flags:
  -h, --help             help for new`,
  "inspect db": () => `Reports on the database, as the Supabase CLI's inspect db.

Usage:
  parley-stack inspect db <report> [flags]

Reports:
${inspectReportList()}

Flags:
  -o, --output string    pretty (a table) or json (default "pretty")
${TARGET}
  -h, --help             help for db`,
};

/** The help of the verb named by the first positionals, if it has its own. */
export function verbHelp(verb: readonly string[]): string | undefined {
  return HELP[verb.slice(0, 2).join(" ")]?.();
}
