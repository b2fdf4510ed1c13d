import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { getSupabase } from "../../../lib/supabase";
import { rowWithDerivedColumns } from "../../../lib/database-rows";
import { channelQueryKeys } from "./channel-query-keys";
import { reactionColumns } from "./columns";
import { writeLive } from "./cache-writes";
import { removeRow, upsertRows } from "./row-cache";
import type { Reaction } from "./types";

/** The small fixed set the picker offers. */
export const reactionEmoji = ["👍", "❤️", "😂", "🎉", "😮", "😢", "🙏", "👀"] as const;

/** Every reaction in a channel (`reactions_channel_idx`), kept current by realtime. */
export async function listReactions(channelId: string): Promise<Reaction[]> {
  const { data, error } = await getSupabase()
    .from("reactions")
    .select(reactionColumns)
    .eq("channel_id", channelId)
    .order("created_at")
    .limit(10000);
  if (error) throw error;
  return data as Reaction[];
}

export function useReactions(channelId: string) {
  return useQuery({ queryKey: channelQueryKeys.reactions(channelId), queryFn: () => listReactions(channelId) });
}

type Toggle = { messageId: string; emoji: string; mine: Reaction | undefined };

/** Adds the caller's emoji to a message, or removes it when they already reacted with it. */
export function useToggleReaction(channelId: string) {
  const queryClient = useQueryClient();
  const key = channelQueryKeys.reactions(channelId);
  return useMutation({
    mutationFn: async ({ messageId, emoji, mine }: Toggle): Promise<{ added?: Reaction; removed?: string }> => {
      const reactions = getSupabase().from("reactions");
      if (mine) {
        const { error } = await reactions.delete().eq("id", mine.id);
        if (error) throw error;
        return { removed: mine.id };
      }
      const { data, error } = await reactions
        .insert(
          rowWithDerivedColumns<"reactions", "channel_id">({ id: crypto.randomUUID(), message_id: messageId, emoji }),
        )
        .select(reactionColumns)
        .single();
      if (error) throw error;
      return { added: data as Reaction };
    },
    onSuccess: ({ added, removed }) =>
      writeLive<Reaction[]>(queryClient, key, (data) =>
        added ? upsertRows(data, [added]) : removed ? removeRow(data, removed) : data,
      ),
  });
}
