import path from "node:path";
import { applyProjectMigrations, listMigrationFiles, MigrationError } from "../db/index.ts";
import { appliedVersions, connectToTarget } from "./local-database.ts";
import type { CliOptions } from "./options.ts";

const warn = (message: string) => process.stderr.write(`${message}\n`);

/**
 * `migration up`: applies the local migrations the database has not recorded, each in its own
 * transaction with its history row (the stack's own applier, as `db reset` and `start` use). As the
 * CLI (internal/migration/up), a pending file older than the newest applied one is refused unless
 * `--include-all`: on a shared database it would run out of order.
 */
export async function migrationUpCommand(options: CliOptions): Promise<number> {
  const files = await listMigrationFiles(options.workdir, warn);
  warn("Connecting to local database...");
  const client = await connectToTarget(options);
  try {
    const applied = await appliedVersions(client);
    const appliedSet = new Set(applied);
    const pending = files.filter((file) => !appliedSet.has(file.version));
    const newest = applied.at(-1) ?? "";
    const outOfOrder = pending.filter((file) => file.version < newest);
    if (outOfOrder.length > 0 && !options.includeAll) {
      const names = outOfOrder.map((file) => path.relative(options.workdir, file.file)).join("\n");
      throw new MigrationError(
        `Found local migration files to be inserted before the last migration on remote database.\n\nRerun the command with --include-all flag to apply these migrations:\n${names}`,
      );
    }
    for (const file of pending) warn(`Applying migration ${path.basename(file.file)}...`);
    await applyProjectMigrations(client, options.workdir, warn);
  } finally {
    await client.end();
  }
  process.stdout.write("Local database is up to date.\n");
  return 0;
}
