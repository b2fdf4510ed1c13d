import { ConfigError } from "../config/index.ts";
import { MigrationError } from "../db/index.ts";
import { PortInUseError } from "../gateway/index.ts";
import { KeyRotationError } from "../gateway/index.ts";
import { UnsafeProductionError } from "../runtime/production/index.ts";
import { dbResetCommand, startCommand, statusCommand, stopCommand } from "./commands.ts";
import { keysCommand } from "./keys-command.ts";
import { RestoreError } from "../backup/restore-sql.ts";
import { BackupError } from "../backup/backup-error.ts";
import { backupCommand, restoreCommand } from "./backup-command.ts";
import { dbDumpCommand } from "./db-dump-command.ts";
import { dbRestoreCommand } from "./db-restore-command.ts";
import { genTypesCommand } from "./gen-types-command.ts";
import { TypegenError } from "../typegen/index.ts";
import { parseCliOptions, UsageError, USAGE } from "./options.ts";

async function main(argv: string[]): Promise<number> {
  const options = parseCliOptions(argv);
  const verb = options.verb.join(" ");
  if (options.help || verb === "" || verb === "help") {
    process.stdout.write(`${USAGE}\n`);
    return options.help || verb === "help" ? 0 : 1;
  }
  if (options.verb[0] === "keys") return keysCommand(options);
  if (options.verb[0] === "gen" && options.verb[1] === "types") return genTypesCommand(options);
  switch (verb) {
    case "start":
      return startCommand(options);
    case "stop":
      return stopCommand(options);
    case "status":
      return statusCommand(options);
    case "db reset":
      return dbResetCommand(options);
    case "db dump":
      return dbDumpCommand(options);
    case "db restore":
      return dbRestoreCommand(options);
    case "backup":
      return backupCommand(options);
    case "restore":
      return restoreCommand(options);
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
