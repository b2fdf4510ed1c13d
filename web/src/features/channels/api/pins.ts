import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { rowWithDerivedColumns } from "../../../lib/database-rows";
import { getSupabase } from "../../../lib/supabase";
import { channelQueryKeys } from "./channel-query-keys";
import { messagesById } from "./messages-by-id";
import type { Message } from "./types";

/** The messages pinned in a conversation, most recently pinned first (`public.message_pins`). */
export async function listPins(channelId: string): Promise<Message[]> {
  const { data, error } = await getSupabase()
    .from("message_pins")
    .select("message_id")
    .eq("channel_id", channelId)
    .order("pinned_at", { ascending: false })
    .limit(200);
  if (error) throw error;
  return messagesById(data.map((pin) => pin.message_id));
}

export function usePins(channelId: string) {
  return useQuery({ queryKey: channelQueryKeys.pins(channelId), queryFn: () => listPins(channelId) });
}

/** Pins a message to its conversation, or unpins it when `pinned`; any member who can post may do either. */
export function useTogglePin(channelId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ messageId, pinned }: { messageId: string; pinned: boolean }) => {
      const pins = getSupabase().from("message_pins");
      const { error } = pinned
        ? await pins.delete().eq("message_id", messageId)
        : await pins.insert(rowWithDerivedColumns<"message_pins", "channel_id">({ message_id: messageId }));
      if (error) throw error;
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: channelQueryKeys.pins(channelId) }),
  });
}
