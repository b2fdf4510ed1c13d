import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { getSupabase } from "../../../lib/supabase";

/** A custom status as the person sets it (`public.user_statuses`); teammates stop seeing it at `expires_at`. */
export type StatusInput = { emoji: string | null; text: string; do_not_disturb: boolean; expires_at: string | null };

const myStatusKey = ["account", "status"] as const;

/** The caller's status, or null when none is set or it has expired. */
export async function getMyStatus(userId: string): Promise<StatusInput | null> {
  const { data, error } = await getSupabase()
    .from("user_statuses")
    .select("emoji, text, do_not_disturb, expires_at")
    .eq("user_id", userId)
    .maybeSingle();
  if (error) throw error;
  if (!data || (data.expires_at && new Date(data.expires_at).getTime() <= Date.now())) return null;
  return data;
}

export function useMyStatus(userId: string) {
  return useQuery({ queryKey: myStatusKey, queryFn: () => getMyStatus(userId) });
}

/** Sets the caller's status (`status`), or clears it (`null`). */
export function useSetMyStatus(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (status: StatusInput | null) => {
      const statuses = getSupabase().from("user_statuses");
      const { error } = status
        ? await statuses.upsert({ user_id: userId, ...status })
        : await statuses.delete().eq("user_id", userId);
      if (error) throw error;
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: myStatusKey }),
  });
}
