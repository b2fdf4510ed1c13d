/** The "clear after" choices of the status form. */
export const clearAfterChoices = ["never", "minutes30", "hour1", "hours4", "today"] as const;
export type ClearAfter = (typeof clearAfterChoices)[number];

const minutes: Record<Exclude<ClearAfter, "never" | "today">, number> = { minutes30: 30, hour1: 60, hours4: 240 };

/** When a status set `now` with this choice expires (ISO), or null for never; "today" ends at local midnight. */
export function expiresAt(choice: ClearAfter, now: Date): string | null {
  if (choice === "never") return null;
  if (choice === "today") {
    const midnight = new Date(now);
    midnight.setHours(24, 0, 0, 0);
    return midnight.toISOString();
  }
  return new Date(now.getTime() + minutes[choice] * 60_000).toISOString();
}
