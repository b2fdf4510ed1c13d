import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { getSupabase } from "../../../lib/supabase";
import { quickStatusKeys } from "./quick-status-keys";

/** Until when the caller's notifications are paused (`notification_preferences.snoozed_until`), or null. */
export async function getSnoozedUntil(): Promise<Date | null> {
  const { data, error } = await getSupabase().from("notification_preferences").select("snoozed_until").maybeSingle();
  if (error) throw error;
  return data?.snoozed_until ? new Date(data.snoozed_until) : null;
}

export function useSnoozedUntil(userId: string) {
  return useQuery({ queryKey: quickStatusKeys.snoozedUntil(userId), queryFn: getSnoozedUntil, staleTime: 0 });
}

/**
 * Pauses the caller's notifications until `until` (null resumes them). The upsert names only
 * `snoozed_until`: PostgREST's merge leaves the other preferences as they are, and a first row
 * takes the table's defaults for them.
 */
export function usePauseNotifications(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (until: Date | null) => {
      const { error } = await getSupabase()
        .from("notification_preferences")
        .upsert({ user_id: userId, snoozed_until: until?.toISOString() ?? null });
      if (error) throw error;
    },
    onSuccess: (_, until) => queryClient.setQueryData(quickStatusKeys.snoozedUntil(userId), until),
  });
}
