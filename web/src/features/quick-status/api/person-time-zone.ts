import { useQuery } from "@tanstack/react-query";
import { getSupabase } from "../../../lib/supabase";
import { quickStatusKeys } from "./quick-status-keys";

/**
 * The zone "today" and "tomorrow" mean for the person: the one teammates see on their profile
 * (`profiles.time_zone`), else the browser's.
 */
export async function getPersonTimeZone(userId: string): Promise<string> {
  const { data, error } = await getSupabase().from("profiles").select("time_zone").eq("id", userId).maybeSingle();
  if (error) throw error;
  return data?.time_zone ?? (Intl.DateTimeFormat().resolvedOptions().timeZone || "UTC");
}

export function usePersonTimeZone(userId: string) {
  return useQuery({ queryKey: quickStatusKeys.timeZone(userId), queryFn: () => getPersonTimeZone(userId) });
}
