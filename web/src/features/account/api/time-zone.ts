import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { getSupabase } from "../../../lib/supabase";

const timeZoneKey = ["account", "time-zone"] as const;

/** The zone the browser runs in (an IANA name such as `Europe/Berlin`). */
export const browserTimeZone = (): string => Intl.DateTimeFormat().resolvedOptions().timeZone;

/** The caller's saved time zone (`profiles.time_zone`), or null when they never chose one. */
export async function getTimeZone(userId: string): Promise<string | null> {
  const { data, error } = await getSupabase().from("profiles").select("time_zone").eq("id", userId).maybeSingle();
  if (error) throw error;
  return data?.time_zone ?? null;
}

export function useTimeZone(userId: string) {
  return useQuery({ queryKey: timeZoneKey, queryFn: () => getTimeZone(userId) });
}

/** Saves the caller's time zone; the database refuses a name it does not know. */
export function useSaveTimeZone(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (zone: string) => {
      const { error } = await getSupabase().from("profiles").update({ time_zone: zone }).eq("id", userId);
      if (error) throw error;
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: timeZoneKey }),
  });
}
