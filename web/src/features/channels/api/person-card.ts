import { useQuery } from "@tanstack/react-query";
import { getSupabase } from "../../../lib/supabase";
import { channelQueryKeys } from "./channel-query-keys";

/** What a profile card shows: who the person is, their status (while it lasts) and their time zone. */
export type PersonCard = {
  id: string;
  display_name: string;
  username: string;
  time_zone: string | null;
  status: { emoji: string | null; text: string; do_not_disturb: boolean } | null;
};

/** A teammate's profile and custom status; an expired status (the caller's own included) counts as none. */
export async function getPersonCard(userId: string): Promise<PersonCard | null> {
  const supabase = getSupabase();
  const [profile, status] = await Promise.all([
    supabase.from("profiles").select("id, display_name, username, time_zone").eq("id", userId).maybeSingle(),
    supabase
      .from("user_statuses")
      .select("emoji, text, do_not_disturb, expires_at")
      .eq("user_id", userId)
      .maybeSingle(),
  ]);
  if (profile.error) throw profile.error;
  if (status.error) throw status.error;
  if (!profile.data) return null;
  const current = status.data;
  const expired = current?.expires_at ? new Date(current.expires_at).getTime() <= Date.now() : false;
  return {
    ...profile.data,
    status:
      current && !expired ? { emoji: current.emoji, text: current.text, do_not_disturb: current.do_not_disturb } : null,
  };
}

/** Fetched each time a card opens, so a status set a moment ago shows. */
export function usePersonCard(userId: string, enabled: boolean) {
  return useQuery({
    queryKey: channelQueryKeys.personCard(userId),
    queryFn: () => getPersonCard(userId),
    enabled,
    staleTime: 0,
  });
}
