import type pg from "pg";

/** A row of `cron.job`, as the scheduler reads it. */
export interface CronJobRow {
  jobid: string;
  schedule: string;
  command: string;
  database: string;
  username: string;
  active: boolean;
}

/** Whether `create extension pg_cron` has run in this database. */
export async function cronInstalled(pool: pg.Pool): Promise<boolean> {
  const result = await pool.query("select 1 from pg_catalog.pg_extension where extname = 'pg_cron'");
  return result.rowCount === 1;
}

/** Every job, read as the superuser (row security keeps other roles to their own). */
export async function loadJobs(pool: pg.Pool): Promise<CronJobRow[]> {
  const result = await pool.query<CronJobRow>(
    "select jobid::text, schedule, command, database, username, active from cron.job order by jobid",
  );
  return result.rows;
}

/** As pg_cron at start: runs left `starting` or `running` by a stopped server are failed. */
export async function failInterruptedRuns(pool: pg.Pool): Promise<void> {
  await pool.query(
    "update cron.job_run_details set status = 'failed', return_message = 'server restarted' where status in ('starting', 'running')",
  );
}

/** Records a new run (`starting`) and returns its runid. */
export async function recordRunStarting(pool: pg.Pool, job: CronJobRow): Promise<string> {
  const result = await pool.query<{ runid: string }>(
    `insert into cron.job_run_details (jobid, database, username, command, status)
     values ($1, $2, $3, $4, 'starting') returning runid::text as runid`,
    [job.jobid, job.database, job.username, job.command],
  );
  const runid = result.rows[0]?.runid;
  if (runid === undefined) throw new Error("cron.job_run_details returned no runid");
  return runid;
}

export async function recordRunRunning(pool: pg.Pool, runid: string, pid: number | undefined): Promise<void> {
  await pool.query(
    "update cron.job_run_details set status = 'running', job_pid = $2, start_time = now() where runid = $1",
    [runid, pid ?? null],
  );
}

export async function recordRunEnded(
  pool: pg.Pool,
  runid: string,
  status: "succeeded" | "failed",
  message: string,
): Promise<void> {
  await pool.query(
    `update cron.job_run_details
        set status = $2, return_message = $3, end_time = now(), start_time = coalesce(start_time, now())
      where runid = $1`,
    [runid, status, message],
  );
}
