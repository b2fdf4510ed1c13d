import { useMutation, useQueryClient } from "@tanstack/react-query";
import { getSupabase } from "../../../lib/supabase";
import { invalidateWorkspace } from "./invalidate-workspace";

/** Joins (adds the caller to) or leaves a public channel; RLS lets anyone in the workspace do both. */
export async function setChannelMembership(channelId: string, userId: string, join: boolean): Promise<void> {
  const members = getSupabase().from("channel_members");
  const { error } = join
    ? await members.insert({ channel_id: channelId, user_id: userId })
    : await members.delete().eq("channel_id", channelId).eq("user_id", userId);
  if (error) throw error;
}

export function useChannelMembership(workspaceId: string, userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ channelId, join }: { channelId: string; join: boolean }) =>
      setChannelMembership(channelId, userId, join),
    onSettled: () => invalidateWorkspace(queryClient, workspaceId),
  });
}
