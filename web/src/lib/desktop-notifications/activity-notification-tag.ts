/**
 * The tag of an activity item's notification. The tab's notifications and the Service Worker's
 * pushes use the same one, so the browser shows an item once, whichever path reaches it first.
 *
 * @example activityNotificationTag("0b6e…") // "activity:0b6e…"
 */
export function activityNotificationTag(activityId: string): string {
  return `activity:${activityId}`;
}
