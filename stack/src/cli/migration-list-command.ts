import { listMigrationFiles } from "../db/index.ts";
import { appliedVersions, connectToTarget } from "./local-database.ts";
import type { CliOptions } from "./options.ts";

/** A row of the history table: a version present locally, in the database, or both. */
interface HistoryRow {
  local: string;
  remote: string;
  time: string;
}

/** The CLI's TIME (UTC) column: a 14-digit version as `YYYY-MM-DD HH:MM:SS`, anything else as is. */
export function versionTime(version: string): string {
  const parts = /^(\d{4})(\d{2})(\d{2})(\d{2})(\d{2})(\d{2})$/.exec(version);
  if (!parts) return version;
  const [, y, mo, d, h, mi, s] = parts;
  return `${y}-${mo}-${d} ${h}:${mi}:${s}`;
}

/** Local and applied versions side by side, in version order (internal/migration/list). */
export function historyRows(local: readonly string[], remote: readonly string[]): HistoryRow[] {
  const localSet = new Set(local);
  const remoteSet = new Set(remote);
  const versions = [...new Set([...local, ...remote])].sort();
  return versions.map((version) => ({
    local: localSet.has(version) ? version : "",
    remote: remoteSet.has(version) ? version : "",
    time: versionTime(version),
  }));
}

/** The table as the CLI prints it: `LOCAL │ REMOTE │ TIME (UTC)`, columns right-aligned. */
export function formatHistory(rows: readonly HistoryRow[]): string {
  const header = ["LOCAL", "REMOTE", "TIME (UTC)"];
  const cells = rows.map((row) => [row.local, row.remote, row.time]);
  const widths = header.map((title, i) => Math.max(title.length, ...cells.map((cell) => (cell[i] ?? "").length)));
  const line = (values: string[]) => `  ${values.map((value, i) => ` ${value.padStart(widths[i] ?? 0)} `).join("│")}`;
  const rule = `  ${widths.map((width) => "─".repeat(width + 2)).join("┼")}`;
  return ["", line(header), rule, ...cells.map(line), ""].join("\n");
}

/** `migration list`: supabase/migrations beside the running database's migration history. */
export async function migrationListCommand(options: CliOptions): Promise<number> {
  const local = (await listMigrationFiles(options.workdir, (m) => process.stderr.write(`${m}\n`))).map(
    (file) => file.version,
  );
  process.stderr.write("Connecting to local database...\n");
  const client = await connectToTarget(options);
  try {
    process.stdout.write(`${formatHistory(historyRows(local, await appliedVersions(client)))}\n`);
  } finally {
    await client.end();
  }
  return 0;
}
