import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useSession } from "../auth/auth-state";
import { getSupabase } from "../supabase";

export type ConversationLevel = "all" | "mentions" | "nothing";

/** The signed-in person's per-conversation settings; a conversation without a row follows their own. */
export interface ConversationPreference {
  notifyOn: ConversationLevel | null;
  muted: boolean;
}

const queryKey = ["conversation-preferences"] as const;

async function getConversationPreferences(): Promise<Map<string, ConversationPreference>> {
  const { data, error } = await getSupabase().from("conversation_preferences").select("channel_id, notify_on, muted");
  if (error) throw error;
  return new Map(
    data.map((row) => [
      row.channel_id,
      { notifyOn: (row.notify_on as ConversationLevel | null) ?? null, muted: row.muted },
    ]),
  );
}

/** Every conversation the signed-in person set something for (RLS returns only their own rows). */
export function useConversationPreferences() {
  const session = useSession();
  return useQuery({ queryKey, queryFn: getConversationPreferences, enabled: session !== null });
}

export function useSaveConversationPreference(conversationId: string) {
  const session = useSession();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (preference: ConversationPreference) => {
      if (!session) throw new Error("not signed in");
      const { error } = await getSupabase().from("conversation_preferences").upsert({
        user_id: session.user.id,
        channel_id: conversationId,
        notify_on: preference.notifyOn,
        muted: preference.muted,
      });
      if (error) throw error;
    },
    // Shown at once; a failed save puts back what the backend has.
    onMutate: (preference) =>
      queryClient.setQueryData<Map<string, ConversationPreference>>(queryKey, (current) =>
        new Map(current).set(conversationId, preference),
      ),
    onError: () => queryClient.invalidateQueries({ queryKey }),
  });
}
