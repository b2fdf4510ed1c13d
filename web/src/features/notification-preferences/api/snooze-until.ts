/** When a snooze chosen now ends: in one hour, or at 08:00 tomorrow (the browser's local time). */
export function snoozeUntil(choice: "hour" | "tomorrow", now: Date = new Date()): Date {
  if (choice === "hour") return new Date(now.getTime() + 60 * 60 * 1000);
  const tomorrow = new Date(now);
  tomorrow.setDate(tomorrow.getDate() + 1);
  tomorrow.setHours(8, 0, 0, 0);
  return tomorrow;
}
