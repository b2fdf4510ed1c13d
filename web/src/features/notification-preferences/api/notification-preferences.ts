import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { getSupabase } from "../../../lib/supabase";

export type NotifyOn = "all" | "mentions" | "nothing";

/** The signed-in person's notification preferences (RLS: only their own row is visible). */
export interface NotificationPreferences {
  notifyOn: NotifyOn;
  timeZone: string;
  /** Daily quiet hours as `HH:MM` local times in timeZone, or null when off. */
  quietHours: { start: string; end: string } | null;
  snoozedUntil: Date | null;
  emailMissed: boolean;
}

const queryKey = ["notification-preferences"] as const;

const browserTimeZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone || "UTC";

export async function getNotificationPreferences(): Promise<NotificationPreferences> {
  const { data, error } = await getSupabase()
    .from("notification_preferences")
    .select("notify_on, time_zone, dnd_start, dnd_end, snoozed_until, email_missed")
    .maybeSingle();
  if (error) throw error;
  return {
    notifyOn: (data?.notify_on as NotifyOn | undefined) ?? "mentions",
    timeZone: data?.time_zone ?? browserTimeZone(),
    quietHours:
      data?.dnd_start && data.dnd_end ? { start: data.dnd_start.slice(0, 5), end: data.dnd_end.slice(0, 5) } : null,
    snoozedUntil: data?.snoozed_until ? new Date(data.snoozed_until) : null,
    emailMissed: data?.email_missed ?? true,
  };
}

export async function saveNotificationPreferences(userId: string, prefs: NotificationPreferences): Promise<void> {
  const { error } = await getSupabase()
    .from("notification_preferences")
    .upsert({
      user_id: userId,
      notify_on: prefs.notifyOn,
      time_zone: prefs.timeZone,
      dnd_start: prefs.quietHours?.start ?? null,
      dnd_end: prefs.quietHours?.end ?? null,
      snoozed_until: prefs.snoozedUntil?.toISOString() ?? null,
      email_missed: prefs.emailMissed,
    });
  if (error) throw error;
}

export function useNotificationPreferences() {
  return useQuery({ queryKey, queryFn: getNotificationPreferences });
}

export function useSaveNotificationPreferences(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (prefs: NotificationPreferences) => saveNotificationPreferences(userId, prefs),
    onSuccess: (_, prefs) => queryClient.setQueryData(queryKey, prefs),
  });
}
