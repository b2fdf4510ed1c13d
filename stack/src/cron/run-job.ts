import pg from "pg";
import type { JobLogin } from "./job-login.ts";
import { recordRunEnded, recordRunRunning, recordRunStarting, type CronJobRow } from "./job-store.ts";

export interface RunJobOptions {
  /** The superuser pool that writes `cron.job_run_details`. */
  admin: pg.Pool;
  /** The superuser connection string: the server's port, and the login of the superuser's own jobs. */
  url: string;
  /** How a job logs in as its own role (see job-login.ts); undefined: only the superuser's jobs can. */
  login: JobLogin | undefined;
  /** Called with the job's backend pid while it runs (so a stop can end it). */
  onBackend?: (pid: number | undefined) => void;
}

/**
 * Runs one job as pg_cron does: its own connection to the job's database, logged in as the job's
 * `username` — never a superuser's connection switched with `SET SESSION AUTHORIZATION`, which the
 * command could `RESET`. A role that may not log in (NOLOGIN) fails with `connection failed`, as
 * under pg_cron. The command is sent as one simple query (several statements allowed, each committed
 * as the server's implicit transaction does), and a `cron.job_run_details` row going starting → running →
 * succeeded/failed with pg_cron's `return_message` (`INSERT 0 1`, `1 row`, or the error).
 */
export async function runJob(job: CronJobRow, options: RunJobOptions): Promise<void> {
  const runid = await recordRunStarting(options.admin, job);
  const config = jobConnection(job, options);
  if (!config) {
    await recordRunEnded(options.admin, runid, "failed", "connection failed");
    return;
  }
  const client = new pg.Client(config);
  client.on("error", () => undefined);
  let pid: number | undefined;
  try {
    await client.connect();
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

/** The job's own login: on the Unix socket as its `username`, or the superuser's URL for its jobs. */
function jobConnection(job: CronJobRow, options: RunJobOptions): pg.ClientConfig | undefined {
  const url = new URL(options.url);
  if (options.login) {
    return {
      host: options.login.socketDir,
      port: Number(url.port),
      user: job.username,
      database: job.database,
      application_name: "pg_cron",
    };
  }
  if (decodeURIComponent(url.username) !== job.username) return undefined;
  url.pathname = `/${encodeURIComponent(job.database)}`;
  return { connectionString: url.toString(), application_name: "pg_cron" };
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
