import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { rowWithDerivedColumns } from "../../../lib/database-rows";
import { getSupabase } from "../../../lib/supabase";
import { channelQueryKeys } from "./channel-query-keys";
import { messagesById } from "./messages-by-id";
import type { Message } from "./types";

/** The caller's saved messages (`public.saved_messages`, private to them), most recently saved first. */
export async function listSavedMessages(): Promise<Message[]> {
  const { data, error } = await getSupabase()
    .from("saved_messages")
    .select("message_id")
    .order("saved_at", { ascending: false })
    .limit(500);
  if (error) throw error;
  return messagesById(data.map((saved) => saved.message_id));
}

export function useSavedMessages() {
  return useQuery({ queryKey: channelQueryKeys.saved(), queryFn: listSavedMessages });
}

/** Saves a message for later, or removes it from the saved items when `saved`. */
export function useToggleSaved() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ messageId, saved }: { messageId: string; saved: boolean }) => {
      const items = getSupabase().from("saved_messages");
      const { error } = saved
        ? await items.delete().eq("message_id", messageId)
        : await items.insert(rowWithDerivedColumns<"saved_messages", "channel_id">({ message_id: messageId }));
      if (error) throw error;
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: channelQueryKeys.saved() }),
  });
}
