import { CronExpressionParser, type CronExpression } from "cron-parser";

/** A job's schedule as the scheduler uses it. */
export type Schedule =
  { kind: "interval"; seconds: number } | { kind: "reboot" } | { kind: "cron"; expression: CronExpression };

/** pg_cron's shortcuts, spelled out as five fields. */
const SHORTCUTS: Record<string, string> = {
  "@yearly": "0 0 1 1 *",
  "@annually": "0 0 1 1 *",
  "@monthly": "0 0 1 * *",
  "@weekly": "0 0 * * 0",
  "@daily": "0 0 * * *",
  "@midnight": "0 0 * * *",
  "@hourly": "0 * * * *",
};

/**
 * Reads a `cron.job.schedule` the way pg_cron does: `'[1-59] seconds'`, `@reboot`, a shortcut, or
 * five cron fields (in UTC, pg_cron's default `cron.timezone`), with pg_cron's `$` for the last day
 * of the month. The fields are parsed by cron-parser. Returns undefined for a schedule it cannot run.
 * @example parseSchedule("*\/5 * * * *"); // { kind: "cron", … }
 */
export function parseSchedule(text: string): Schedule | undefined {
  const normalised = text.trim().toLowerCase();
  const interval = parseInterval(normalised);
  if (interval !== undefined)
    return interval >= 1 && interval <= 59 ? { kind: "interval", seconds: interval } : undefined;
  if (normalised === "@reboot") return { kind: "reboot" };
  const fields = (SHORTCUTS[normalised] ?? normalised).split(/\s+/);
  if (fields.length !== 5) return undefined;
  if (fields[2] === "$") fields[2] = "L";
  try {
    return { kind: "cron", expression: CronExpressionParser.parse(fields.join(" "), { tz: "UTC", strict: false }) };
  } catch {
    return undefined;
  }
}

/** `'N seconds'` / `'N second'` (pg_cron's interval form, space optional); undefined when the text is not one. */
function parseInterval(text: string): number | undefined {
  const match = /^(\d+)\s*seconds?$/.exec(text);
  return match ? Number(match[1]) : undefined;
}

/** Whether a cron schedule falls due in the minute starting at `minuteStart`. */
export function matchesMinute(schedule: Extract<Schedule, { kind: "cron" }>, minuteStart: Date): boolean {
  return schedule.expression.includesDate(minuteStart);
}
