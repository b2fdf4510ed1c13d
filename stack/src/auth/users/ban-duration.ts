import { parseDurationMs } from "../config/duration.ts";
import { validation } from "../errors.ts";

/**
 * `ban_duration` as Go's time.ParseDuration reads it ("24h", "1h30m"); "none" lifts a ban.
 * Returns the new `banned_until` (null to unban), or undefined when not given.
 */
export function banUntil(duration: string | undefined, now = Date.now()): Date | null | undefined {
  if (duration === undefined || duration === "") return undefined;
  if (duration === "none") return null;
  const ms = parseDurationMs(duration, Number.NaN);
  if (Number.isNaN(ms)) throw validation(`invalid format for ban duration: time: invalid duration "${duration}"`);
  return new Date(now + ms);
}
