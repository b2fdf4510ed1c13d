import { useMutation, useQueryClient } from "@tanstack/react-query";
import { statusKeys } from "../../../lib/statuses/visible-statuses";
import { getSupabase } from "../../../lib/supabase";

/** A status as the user menu sets it: emoji, words (≤ 100 characters, as the table checks) and when it ends. */
export type QuickStatus = { emoji: string; text: string; expiresAt: Date | null };

/** Sets the caller's status (`null` clears it); every name showing a status mark then refetches. */
export function useSetStatus(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (status: QuickStatus | null) => {
      const statuses = getSupabase().from("user_statuses");
      const { error } = status
        ? await statuses.upsert({
            user_id: userId,
            emoji: status.emoji,
            text: status.text,
            do_not_disturb: false,
            expires_at: status.expiresAt?.toISOString() ?? null,
          })
        : await statuses.delete().eq("user_id", userId);
      if (error) throw error;
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: statusKeys.all }),
  });
}
