import type { Logger } from "pino";
import type { Database, NotificationListener } from "../db/index.ts";
import { cronInstalled, failInterruptedRuns, loadJobs, type CronJobRow } from "./job-store.ts";
import { prepareJobLogin, type JobLogin } from "./job-login.ts";
import { RunPlanner, type PlannedJob } from "./run-planner.ts";
import { runJob } from "./run-job.ts";
import { parseSchedule } from "./schedule.ts";

/** pg_cron's extension triggers notify here on every change to `cron.job`. */
const JOBS_CHANNEL = "parley_cron_jobs";
const TICK_MS = 1000;

export interface CronWorkerOptions {
  db: Database;
  logger: Logger;
}

/**
 * pg_cron's background worker: keeps `cron.job` in memory (reloaded on each change, no restart
 * needed), ticks once a second while there are jobs, and runs the due ones. Idle — one listening
 * connection, no timer — while pg_cron is not installed or has no jobs.
 */
export class CronWorker {
  private readonly planner = new RunPlanner();
  private readonly logger: Logger;
  private jobs: { row: CronJobRow; planned: PlannedJob }[] = [];
  private readonly running = new Map<string, Promise<void>>();
  private readonly backends = new Map<string, number>();
  private listener: NotificationListener | undefined;
  private timer: NodeJS.Timeout | undefined;
  private reloading: Promise<void> | undefined;
  private reloadAgain = false;
  private interruptedRunsFailed = false;
  /** Set up with the first jobs read: how their connections log in as their own roles. */
  private login: Promise<JobLogin | undefined> | undefined;
  private stopped = true;

  constructor(private readonly options: CronWorkerOptions) {
    this.logger = options.logger.child({ service: "cron" });
  }

  start(): void {
    this.stopped = false;
    this.listener = this.options.db.listen({
      channel: JOBS_CHANNEL,
      onNotification: () => void this.reload(),
      onListening: () => this.reload(),
      onError: (error) => this.logger.warn({ err: error }, "cron: listener failed; retrying"),
    });
  }

  /** Stops ticking, ends the runs in progress (their rows say why) and closes the listener. */
  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.timer);
    this.timer = undefined;
    await this.listener?.stop();
    this.listener = undefined;
    await this.reloading?.catch(() => undefined);
    const pids = [...this.backends.values()];
    if (pids.length > 0) {
      await this.options.db.admin
        .query("select pg_terminate_backend(pid) from unnest($1::int[]) as pid", [pids])
        .catch(() => undefined);
    }
    await Promise.allSettled(this.running.values());
  }

  private reload(): Promise<void> {
    if (this.reloading) {
      this.reloadAgain = true;
      return this.reloading;
    }
    this.reloading = (async () => {
      do {
        this.reloadAgain = false;
        await this.loadJobs();
      } while (this.reloadAgain && !this.stopped);
    })()
      .catch((error: unknown) => this.logger.error({ err: error }, "cron: reading cron.job failed"))
      .finally(() => {
        this.reloading = undefined;
      });
    return this.reloading;
  }

  private async loadJobs(): Promise<void> {
    const admin = this.options.db.admin;
    if (!(await cronInstalled(admin))) {
      this.jobs = [];
      this.scheduleTick();
      return;
    }
    if (!this.interruptedRunsFailed) {
      await failInterruptedRuns(admin);
      this.interruptedRunsFailed = true;
    }
    const rows = await loadJobs(admin);
    if (rows.length > 0 && !this.login) {
      this.login = prepareJobLogin(admin).catch((error: unknown) => {
        this.logger.error({ err: error }, "cron: jobs cannot log in as their own roles; only the superuser's run");
        return undefined;
      });
    }
    this.jobs = rows.flatMap((row) => {
      const schedule = parseSchedule(row.schedule);
      if (!schedule) {
        this.logger.warn({ jobid: row.jobid, schedule: row.schedule }, "cron: invalid pg_cron schedule; job skipped");
        return [];
      }
      return [{ row, planned: { jobid: row.jobid, schedule, active: row.active } }];
    });
    this.scheduleTick();
  }

  /** Ticks at each whole second while there are jobs or runs; stays idle otherwise. */
  private scheduleTick(): void {
    if (this.stopped || this.timer) return;
    if (this.jobs.length === 0 && this.running.size === 0) return;
    this.timer = setTimeout(
      () => {
        this.timer = undefined;
        this.tick();
        this.scheduleTick();
      },
      TICK_MS - (Date.now() % TICK_MS),
    );
  }

  private tick(): void {
    if (this.stopped) return;
    const byId = new Map(this.jobs.map((job) => [job.row.jobid, job.row]));
    for (const jobid of this.planner.due(
      this.jobs.map((job) => job.planned),
      Date.now(),
    )) {
      const row = byId.get(jobid);
      if (row) this.launch(row);
      else this.planner.finished(jobid);
    }
  }

  private launch(row: CronJobRow): void {
    const run = (async () =>
      runJob(row, {
        admin: this.options.db.admin,
        url: this.options.db.url,
        login: await this.login,
        onBackend: (pid) => {
          if (pid === undefined) this.backends.delete(row.jobid);
          else this.backends.set(row.jobid, pid);
        },
      }))()
      .catch((error: unknown) => {
        this.logger.error({ err: error, jobid: row.jobid }, "cron: job run failed");
        // cron.job_run_details unwritable: pg_cron may have been dropped; read the jobs again
        void this.reload();
      })
      .finally(() => {
        this.running.delete(row.jobid);
        this.planner.finished(row.jobid);
      });
    this.running.set(row.jobid, run);
  }
}
