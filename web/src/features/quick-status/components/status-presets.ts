import { atLocalHour } from "../../../lib/statuses/zoned-time";

/** How long a preset lasts: a number of minutes, until the end of the person's day, or until cleared. */
export type PresetDuration = { minutes: number } | "today" | "untilCleared";

/**
 * The user menu's status presets, with Slack's default durations ("In a meeting" 1 hour,
 * "Commuting" 30 minutes, "Out sick" today, "Vacationing" until cleared).
 */
export const statusPresets = [
  { id: "meeting", emoji: "📅", label: "quickStatus.preset.meeting", duration: { minutes: 60 } },
  { id: "commuting", emoji: "🚌", label: "quickStatus.preset.commuting", duration: { minutes: 30 } },
  { id: "sick", emoji: "🤒", label: "quickStatus.preset.sick", duration: "today" },
  { id: "vacation", emoji: "🌴", label: "quickStatus.preset.vacation", duration: "untilCleared" },
] as const satisfies readonly { id: string; emoji: string; label: string; duration: PresetDuration }[];

/** When a status chosen `now` with this duration ends; "today" ends at midnight in `timeZone`. */
export function presetExpiry(duration: PresetDuration, now: Date, timeZone: string): Date | null {
  if (duration === "untilCleared") return null;
  if (duration === "today") return atLocalHour(now, timeZone, { daysAhead: 1, hour: 0 });
  return new Date(now.getTime() + duration.minutes * 60_000);
}

/** The user menu's choices for pausing notifications: 30 minutes, 1 hour, until 08:00 tomorrow. */
export const pauseChoices = [
  { id: "minutes30", label: "quickStatus.pause.minutes30" },
  { id: "hour1", label: "quickStatus.pause.hour1" },
  { id: "tomorrow", label: "quickStatus.pause.tomorrow" },
] as const;

export type PauseChoice = (typeof pauseChoices)[number]["id"];

/** When a pause chosen `now` ends; "tomorrow" is 08:00 tomorrow in `timeZone` (as Slack's "Until tomorrow"). */
export function pauseEnd(choice: PauseChoice, now: Date, timeZone: string): Date {
  if (choice === "minutes30") return new Date(now.getTime() + 30 * 60_000);
  if (choice === "hour1") return new Date(now.getTime() + 60 * 60_000);
  return atLocalHour(now, timeZone, { daysAhead: 1, hour: 8 });
}
