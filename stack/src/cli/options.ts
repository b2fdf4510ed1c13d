import { parseArgs } from "node:util";
import type { OutputFormat } from "../runtime/status.ts";

export interface CliOptions {
  verb: string[];
  workdir: string;
  output: OutputFormat;
  detach: boolean;
  help: boolean;
  debug: boolean;
  /** `start --profile-startup`: print each start-up step's duration on stderr. */
  profileStartup: boolean;
  /** `start --production`: the built app on the gateway, emulators off, unsafe settings refused. */
  production: boolean;
  /** `start --production --seed`: run the seed on a new database (never by default in production). */
  seed: boolean;
  /** `start --production --local-mailbox`: keep auth mail in the local mailbox instead of SMTP. */
  localMailbox: boolean;
  /** `start --production --allow-demo-accounts`: serve a data folder that holds demo accounts. */
  allowDemoAccounts: boolean;
  /** `--host`: the gateway's listen address (default 127.0.0.1). */
  host?: string;
  /** `--trusted-proxies`: comma-separated CIDRs whose X-Forwarded-For is believed. */
  trustedProxies?: string;
  /** `--web-dir`: the built app production mode serves (default `<workdir>/web/dist`). */
  webDir?: string;
  /** `db dump`, `db restore`, `backup`, `restore`: `-f, --file`. */
  file?: string;
  /** `db dump` and `db restore`: `--db-url` instead of the workdir's running stack. */
  dbUrl?: string;
  dataOnly: boolean;
  roleOnly: boolean;
  useCopy: boolean;
  /** `db dump --schema a,b` (repeatable). */
  schema: string[];
  /** `db dump -x, --exclude schema.table` (repeatable, comma separated too). */
  exclude: string[];
  /** `db reset --no-seed`. */
  noSeed: boolean;
  /** `gen types --local` (the default) and `--linked` (refused: there is no linked project). */
  local: boolean;
  linked: boolean;
  /** `migration up --include-all`: also apply pending files older than the newest applied one. */
  includeAll: boolean;
  /** `db lint --level warning|error`, `--fail-on none|warning|error` (checked by the verb). */
  level?: string;
  failOn?: string;
}

export class UsageError extends Error {
  override name = "UsageError";
}

/** The Supabase CLI's flag names: `--workdir`, `-o/--output pretty|json|env`, plus `--detach` for `start`. */
export function parseCliOptions(argv: string[]): CliOptions {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    strict: true,
    options: {
      workdir: { type: "string" },
      output: { type: "string", short: "o" },
      detach: { type: "boolean", short: "d" },
      help: { type: "boolean", short: "h" },
      debug: { type: "boolean" },
      "profile-startup": { type: "boolean" },
      production: { type: "boolean" },
      seed: { type: "boolean" },
      "local-mailbox": { type: "boolean" },
      "allow-demo-accounts": { type: "boolean" },
      host: { type: "string" },
      "trusted-proxies": { type: "string" },
      "web-dir": { type: "string" },
      file: { type: "string", short: "f" },
      "db-url": { type: "string" },
      "data-only": { type: "boolean" },
      "role-only": { type: "boolean" },
      "use-copy": { type: "boolean" },
      schema: { type: "string", short: "s", multiple: true },
      exclude: { type: "string", short: "x", multiple: true },
      "no-seed": { type: "boolean" },
      local: { type: "boolean" },
      linked: { type: "boolean" },
      "include-all": { type: "boolean" },
      level: { type: "string" },
      "fail-on": { type: "string" },
    },
  });
  const output = values.output ?? "pretty";
  if (output !== "pretty" && output !== "json" && output !== "env") {
    throw new UsageError(
      `invalid argument "${output}" for "-o, --output" flag: must be one of [ pretty | json | env ]`,
    );
  }
  return {
    verb: positionals,
    workdir: values.workdir ?? process.env.PARLEY_STACK_WORKDIR ?? process.cwd(),
    output,
    detach: values.detach ?? false,
    help: values.help ?? false,
    debug: values.debug ?? false,
    profileStartup: values["profile-startup"] ?? false,
    production: values.production ?? false,
    seed: values.seed ?? false,
    localMailbox: values["local-mailbox"] ?? false,
    allowDemoAccounts: values["allow-demo-accounts"] ?? false,
    ...(values.host === undefined ? {} : { host: values.host }),
    ...(values["trusted-proxies"] === undefined ? {} : { trustedProxies: values["trusted-proxies"] }),
    ...(values["web-dir"] === undefined ? {} : { webDir: values["web-dir"] }),
    ...(values.file !== undefined ? { file: values.file } : {}),
    ...(values["db-url"] !== undefined ? { dbUrl: values["db-url"] } : {}),
    dataOnly: values["data-only"] ?? false,
    roleOnly: values["role-only"] ?? false,
    useCopy: values["use-copy"] ?? false,
    schema: commaList(values.schema, "--schema"),
    exclude: commaList(values.exclude, "--exclude"),
    noSeed: values["no-seed"] ?? false,
    local: values.local ?? false,
    linked: values.linked ?? false,
    includeAll: values["include-all"] ?? false,
    ...(values.level !== undefined ? { level: values.level } : {}),
    ...(values["fail-on"] !== undefined ? { failOn: values["fail-on"] } : {}),
  };
}

/** `--schema a,b --schema c` → [a, b, c], as the CLI's string-slice flags; empty names are refused. */
function commaList(values: string[] | undefined, flag: string): string[] {
  const items = (values ?? []).flatMap((value) => value.split(","));
  if (items.some((item) => item.trim() === "")) throw new UsageError(`invalid argument for "${flag}" flag: empty name`);
  return items.map((item) => item.trim());
}

/** Ports and data folder from the environment (tests and `npm start` run several stacks side by side). */
export function environmentOverrides(env: NodeJS.ProcessEnv): {
  ports: Partial<{ api: number; db: number; inbucket: number }>;
  dataDir?: string;
  requireApiKey: boolean;
} {
  const port = (name: string) => {
    const raw = env[name];
    if (raw === undefined || raw === "") return undefined;
    const value = Number(raw);
    if (!Number.isInteger(value) || value < 0 || value > 65535)
      throw new UsageError(`${name} must be a port number (got "${raw}")`);
    return value;
  };
  const ports: Partial<{ api: number; db: number; inbucket: number }> = {};
  const api = port("PARLEY_STACK_API_PORT");
  const db = port("PARLEY_STACK_DB_PORT");
  const inbucket = port("PARLEY_STACK_INBUCKET_PORT");
  if (api !== undefined) ports.api = api;
  if (db !== undefined) ports.db = db;
  if (inbucket !== undefined) ports.inbucket = inbucket;
  const dataDir = env.PARLEY_STACK_DATA_DIR || undefined;
  return { ports, ...(dataDir ? { dataDir } : {}), requireApiKey: env.PARLEY_STACK_REQUIRE_APIKEY === "true" };
}

export const USAGE = `Parley Stack: a local, Docker-free backend that speaks the Supabase APIs.

Usage:
  parley-stack <command> [flags]

Commands:
  start       Start the stack in the foreground (Ctrl-C stops it); --detach runs it in the background
  stop        Stop a stack started with --detach
  status      Show URLs and keys of the running stack
  db reset    Drop the database, re-apply supabase/migrations and re-run the seed (--no-seed: without it)
  db dump     Dump the schema as SQL (--data-only: rows of public, auth, storage…; --role-only: roles)
  db restore  Run a dump (-f file) in one transaction against the running stack or --db-url
  backup      Write the whole stack (database, stored files, keys) to one archive (-f file)
  restore     Restore such an archive (-f file) into an empty data folder; then start the stack
  keys list           Signing keys: the one in use, previously used ones (still verifying), retired ones
  keys rotate         Add a new signing key for new tokens; older keys keep verifying until retired
  keys retire <kid>   Retire a previously used key: its tokens are refused everywhere (alias: revoke)
  keys reload         Make a running stack re-read its keys (after editing [auth] signing_keys_path)
  migration new <name>  Create supabase/migrations/<YYYYMMDDHHMMSS>_<name>.sql (UTC; piped stdin becomes its SQL)
  migration list        Local migrations beside the running database's history (LOCAL │ REMOTE │ TIME (UTC))
  migration up          Apply pending local migrations to the running database (--include-all: older ones too)
  db lint     Advisor checks as JSON: tables without RLS in exposed schemas, functions without a fixed
              search_path, policies calling auth.uid() per row, unindexed foreign keys
  inspect db <report>  The CLI's database reports: table-sizes, index-sizes, total-table-sizes, index-usage,
              cache-hit, long-running-queries, locks, blocking, bloat, outliers, unused-indexes,
              seq-scans, table-record-counts (\`inspect db\` lists them; -o json for JSON)
  seed buckets  Create or update the config's [storage.buckets.*] and upload their objects_path files
  functions new <name>  Create supabase/functions/<name>/index.ts and deno.json, and its [functions.<name>] block
  gen types typescript  Print the Supabase CLI's TypeScript types (Database, Tables<>, Enums<>, Constants…)
                      of the running stack (--local, the default) or --db-url, for createClient<Database>

Flags:
      --workdir string   folder that holds supabase/ (default: the current folder)
  -o, --output string    output format of status (pretty, json or env) and keys list (pretty, json) (default "pretty")
  -d, --detach           start: run in the background
      --production       start: serve the built web app (web/dist) with the APIs on one port, emulators
                         off; refuses the default JWT secret, providers without credentials, no SMTP
      --seed             start --production: run supabase/seed.sql on a new database (off by default)
      --local-mailbox    start --production: keep auth mail in the local mailbox instead of SMTP
      --web-dir string   start --production: the built app to serve (default <workdir>/web/dist)
      --host string      address the API listens on (default 127.0.0.1; 0.0.0.0 for every interface)
      --trusted-proxies string  comma-separated CIDRs of reverse proxies whose X-Forwarded-For and
                         X-Forwarded-Proto are believed (default: none, the socket address counts)
      --debug            log PostgreSQL's output too
      --profile-startup  start: print how long each start-up step took (ms) on stderr
  -f, --file string      db dump, backup: file to write (db dump: stdout if unset); db restore, restore: file to read
      --local            gen types: the workdir's running stack (the default)
      --db-url string    db dump, db restore, gen types, migration list|up: a database URL instead of the workdir's running stack
      --data-only        db dump: rows only, as INSERT statements (what db restore expects)
      --role-only        db dump: roles the project created
  -s, --schema strings   db dump: only these schemas (comma separated; default: all but platform-managed ones);
                         db lint: the API-exposed schemas checked for RLS (default: public and [api] schemas);
                         gen types: these schemas (default: public and the config's [api] schemas)
  -x, --exclude strings  db dump --data-only: leave out these schema.table (comma separated)
      --no-seed          db reset: do not run supabase/seed.sql
      --level string     db lint: the lowest level shown, warning or error (default "warning")
      --fail-on string   db lint: exit 1 on findings at this level or above: none, warning, error (default "none")
      --include-all      migration up: also apply pending migrations older than the newest applied one
  -h, --help             help

Environment:
  PARLEY_STACK_API_PORT, PARLEY_STACK_DB_PORT, PARLEY_STACK_INBUCKET_PORT   override the config's ports
  PARLEY_STACK_DATA_DIR        data folder (default supabase/.temp/parley-stack)
  PARLEY_STACK_HOST            the same as --host
  PARLEY_STACK_TRUSTED_PROXIES the same as --trusted-proxies
  PARLEY_STACK_REQUIRE_APIKEY  "true" answers requests without an api key with 401, as hosted does
  PARLEY_STACK_LOG_LEVEL       trace, debug, info, warn, error (default info)
  PARLEY_STACK_STOP_DEADLINE_MS  longest a stop may take before the process exits anyway (default 10000)`;
