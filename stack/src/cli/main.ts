import { ConfigError } from "../config/index.ts";
import { MigrationError } from "../db/index.ts";
import { PortInUseError } from "../gateway/index.ts";
import { KeyRotationError } from "../gateway/index.ts";
import { UnsafeProductionError } from "../runtime/production/index.ts";
import { RestoreError } from "../backup/restore-sql.ts";
import { BackupError } from "../backup/backup-error.ts";
import { TypegenError } from "../typegen/typegen-error.ts";
import { VerbError } from "./verb-error.ts";
import { parseCliOptions, UsageError, USAGE } from "./options.ts";

// Each verb's code is imported when that verb runs: `start` does not load the type generator or
// the backup archiver, and `status` loads neither the services nor PostgreSQL's driver setup.
async function main(argv: string[]): Promise<number> {
  const options = parseCliOptions(argv);
  const verb = options.verb.join(" ");
  if (options.help) {
    const help = (await import("./verb-help.ts")).verbHelp(options.verb);
    if (help !== undefined) {
      process.stdout.write(`${help}\n`);
      return 0;
    }
  }
  if (options.help || verb === "" || verb === "help") {
    process.stdout.write(`${USAGE}\n`);
    return options.help || verb === "help" ? 0 : 1;
  }
  if (options.verb[0] === "keys") return (await import("./keys-command.ts")).keysCommand(options);
  if (options.verb[0] === "gen" && options.verb[1] === "types")
    return (await import("./gen-types-command.ts")).genTypesCommand(options);
  if (options.verb[0] === "migration" && options.verb[1] === "new")
    return (await import("./migration-new-command.ts")).migrationNewCommand(options);
  if (options.verb[0] === "functions" && options.verb[1] === "new")
    return (await import("./functions-new-command.ts")).functionsNewCommand(options);
  if (options.verb[0] === "inspect" && options.verb[1] === "db")
    return (await import("./inspect-command.ts")).inspectDbCommand(options);
  switch (verb) {
    case "seed buckets":
      return (await import("./seed-buckets-command.ts")).seedBucketsCommand(options);
    case "db lint":
      return (await import("./db-lint-command.ts")).dbLintCommand(options);
    case "migration list":
      return (await import("./migration-list-command.ts")).migrationListCommand(options);
    case "migration up":
      return (await import("./migration-up-command.ts")).migrationUpCommand(options);
    case "start":
      return (await import("./commands.ts")).startCommand(options);
    case "stop":
      return (await import("./commands.ts")).stopCommand(options);
    case "status":
      return (await import("./commands.ts")).statusCommand(options);
    case "db reset":
      return (await import("./commands.ts")).dbResetCommand(options);
    case "db dump":
      return (await import("./db-dump-command.ts")).dbDumpCommand(options);
    case "db restore":
      return (await import("./db-restore-command.ts")).dbRestoreCommand(options);
    case "backup":
      return (await import("./backup-command.ts")).backupCommand(options);
    case "restore":
      return (await import("./backup-command.ts")).restoreCommand(options);
    default:
      throw new UsageError(`unknown command "${verb}" for "parley-stack"`);
  }
}

/** Known failures print one clear message; anything else is a bug and prints its stack. */
function describe(error: unknown): string {
  if (error instanceof UsageError) return `${error.message}\nRun 'parley-stack --help' for usage.`;
  const known = [
    ConfigError,
    PortInUseError,
    MigrationError,
    KeyRotationError,
    UnsafeProductionError,
    RestoreError,
    BackupError,
    TypegenError,
    VerbError,
  ];
  if (error instanceof Error && known.some((kind) => error instanceof kind)) return error.message;
  return error instanceof Error ? (error.stack ?? error.message) : String(error);
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    process.stderr.write(`Error: ${describe(error)}\n`);
    process.exit(1);
  },
);
