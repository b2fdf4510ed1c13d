import { matchesMinute, type Schedule } from "./schedule.ts";

/** What the planner needs to know about a job in `cron.job`. */
export interface PlannedJob {
  jobid: string;
  schedule: Schedule;
  active: boolean;
}

interface TaskState {
  pending: number;
  running: boolean;
  lastStart: number;
}

const MINUTE = 60_000;
/** pg_cron (after Vixie cron) catches up on at most this many skipped minutes; a bigger jump is a clock change. */
const MAX_CATCH_UP_MINUTES = 5;

/**
 * Decides which jobs start at each tick, as pg_cron's scheduler does: cron jobs fall due once in each
 * minute they match (minutes skipped by a short stall are caught up, not those before the planner
 * started — a stopped stack does not replay missed runs), `N seconds` jobs every N seconds from their
 * last start, `@reboot` jobs once. One job never runs twice at once: a run that falls due while the
 * previous one is still going waits for it (interval jobs queue at most one such run).
 */
export class RunPlanner {
  private lastMinute: number | undefined;
  private rebootDone = false;
  private readonly tasks = new Map<string, TaskState>();

  /** The jobs to start at `now` (ms since the epoch); each is marked running until `finished`. */
  due(jobs: readonly PlannedJob[], now: number): string[] {
    const known = new Set(jobs.map((job) => job.jobid));
    for (const [jobid, task] of this.tasks) if (!known.has(jobid) && !task.running) this.tasks.delete(jobid);
    const dueMinutes = this.minutesDue(now);
    const starting: string[] = [];
    for (const job of jobs) {
      const task = this.task(job.jobid);
      if (!job.active) {
        task.pending = 0;
        continue;
      }
      task.pending += this.newRuns(job, task, now, dueMinutes);
      if (!task.running && task.pending > 0) {
        task.pending -= 1;
        task.running = true;
        task.lastStart = now;
        starting.push(job.jobid);
      }
    }
    this.rebootDone = true;
    return starting;
  }

  finished(jobid: string): void {
    const task = this.tasks.get(jobid);
    if (task) task.running = false;
  }

  isRunning(jobid: string): boolean {
    return this.tasks.get(jobid)?.running ?? false;
  }

  private newRuns(job: PlannedJob, task: TaskState, now: number, dueMinutes: readonly number[]): number {
    const schedule = job.schedule;
    if (schedule.kind === "reboot") return this.rebootDone ? 0 : 1;
    if (schedule.kind === "interval") {
      return task.pending === 0 && now - task.lastStart >= schedule.seconds * 1000 ? 1 : 0;
    }
    return dueMinutes.filter((minute) => matchesMinute(schedule, new Date(minute))).length;
  }

  /** The minute starts that passed since the last tick (none on the first tick, or when the clock went back). */
  private minutesDue(now: number): number[] {
    const current = Math.floor(now / MINUTE) * MINUTE;
    const last = this.lastMinute;
    this.lastMinute = current;
    if (last === undefined || current <= last) return [];
    const passed = (current - last) / MINUTE;
    if (passed > MAX_CATCH_UP_MINUTES) return [current];
    return Array.from({ length: passed }, (_, index) => last + (index + 1) * MINUTE);
  }

  private task(jobid: string): TaskState {
    let task = this.tasks.get(jobid);
    if (!task) {
      task = { pending: 0, running: false, lastStart: Number.NEGATIVE_INFINITY };
      this.tasks.set(jobid, task);
    }
    return task;
  }
}
