import pg from "pg";
import { quoteIdent } from "../db/index.ts";
import { recordRunEnded, recordRunRunning, recordRunStarting, type CronJobRow } from "./job-store.ts";

export interface RunJobOptions {
  /** The superuser pool that writes `cron.job_run_details`. */
  admin: pg.Pool;
  /** The superuser connection string; the job's own connection goes to its `database`. */
  url: string;
  /** Called with the job's backend pid while it runs (so a stop can end it). */
  onBackend?: (pid: number | undefined) => void;
}

/**
 * Runs one job as pg_cron does: its own connection to the job's database as the job's `username`,
 * the command sent as one simple query (several statements allowed, each committed as the server's
 * implicit transaction does), and a `cron.job_run_details` row going starting → running →
 * succeeded/failed with pg_cron's `return_message` (`INSERT 0 1`, `1 row`, or the error).
 */
export async function runJob(job: CronJobRow, options: RunJobOptions): Promise<void> {
  const runid = await recordRunStarting(options.admin, job);
  const connectionString = new URL(options.url);
  connectionString.pathname = `/${encodeURIComponent(job.database)}`;
  const client = new pg.Client({ connectionString: connectionString.toString(), application_name: "pg_cron" });
  client.on("error", () => undefined);
  let pid: number | undefined;
  try {
    await client.connect();
    // The job runs as the role that scheduled it, as pg_cron's connection for that user would.
    await client.query(`set session authorization ${quoteIdent(job.username)}`);
    pid = (await client.query<{ pid: number }>("select pg_backend_pid() as pid")).rows[0]?.pid;
  } catch {
    await client.end().catch(() => undefined);
    await recordRunEnded(options.admin, runid, "failed", "connection failed");
    return;
  }
  options.onBackend?.(pid);
  try {
    await recordRunRunning(options.admin, runid, pid);
    const results = (await client.query(job.command)) as pg.QueryResult | pg.QueryResult[];
    const last = Array.isArray(results) ? results.at(-1) : results;
    await recordRunEnded(options.admin, runid, "succeeded", last ? returnMessage(last) : "");
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    await recordRunEnded(options.admin, runid, "failed", `ERROR:  ${message}`);
  } finally {
    options.onBackend?.(undefined);
    await client.end().catch(() => undefined);
  }
}

/**
 * pg_cron's message for a finished command: `N row(s)` when it returned rows, else the command tag
 * (`INSERT 0 1`, `UPDATE 3`, `CREATE`, …).
 */
export function returnMessage(result: pg.QueryResult): string {
  if (result.fields.length > 0) return `${result.rowCount ?? 0} ${result.rowCount === 1 ? "row" : "rows"}`;
  if (!result.command) return "";
  if (result.command === "INSERT") return `INSERT ${result.oid ?? 0} ${result.rowCount ?? 0}`;
  return result.rowCount === null ? result.command : `${result.command} ${result.rowCount}`;
}
