/** Query keys of the user menu's quick status and pause controls. */
export const quickStatusKeys = {
  all: ["quick-status"] as const,
  timeZone: (userId: string) => [...quickStatusKeys.all, userId, "time-zone"] as const,
  snoozedUntil: (userId: string) => [...quickStatusKeys.all, userId, "snoozed-until"] as const,
};
