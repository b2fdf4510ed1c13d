/** The wall-clock fields of an instant in an IANA time zone, as `Intl` computes them. */
function wallClock(instant: number, timeZone: string) {
  const parts = new Intl.DateTimeFormat("en-US", {
    timeZone,
    hourCycle: "h23",
    year: "numeric",
    month: "numeric",
    day: "numeric",
    hour: "numeric",
    minute: "numeric",
    second: "numeric",
  }).formatToParts(new Date(instant));
  const field = (type: Intl.DateTimeFormatPartTypes) => Number(parts.find((part) => part.type === type)?.value ?? 0);
  return {
    year: field("year"),
    month: field("month"),
    day: field("day"),
    hour: field("hour"),
    minute: field("minute"),
    second: field("second"),
  };
}

/** How far the zone's wall clock is ahead of UTC at that instant, in milliseconds. */
function zoneOffset(instant: number, timeZone: string): number {
  const wall = wallClock(instant, timeZone);
  const asUtc = Date.UTC(wall.year, wall.month - 1, wall.day, wall.hour, wall.minute, wall.second);
  return asUtc - Math.floor(instant / 1000) * 1000;
}

/**
 * The instant at which the wall clock of `timeZone` next reads `hour`:00 on the day `daysAhead`
 * days after today's date there. "Until tomorrow" means 08:00 tomorrow where the person lives,
 * not where their browser is (a laptop abroad keeps its home zone in Parley's settings).
 * @example atLocalHour(new Date(), "Asia/Tokyo", { daysAhead: 1, hour: 8 })
 */
export function atLocalHour(
  now: Date,
  timeZone: string,
  { daysAhead, hour }: { daysAhead: number; hour: number },
): Date {
  const zone = isKnownTimeZone(timeZone) ? timeZone : "UTC";
  const today = wallClock(now.getTime(), zone);
  const wanted = Date.UTC(today.year, today.month - 1, today.day + daysAhead, hour);
  // Two passes settle a guess that crossed a daylight-saving change.
  let instant = wanted - zoneOffset(wanted, zone);
  instant = wanted - zoneOffset(instant, zone);
  return new Date(instant);
}

function isKnownTimeZone(timeZone: string): boolean {
  try {
    new Intl.DateTimeFormat("en-US", { timeZone });
    return true;
  } catch {
    return false;
  }
}
