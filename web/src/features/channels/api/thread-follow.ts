import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { getSupabase } from "../../../lib/supabase";
import { channelQueryKeys } from "./channel-query-keys";

/** Whether the caller follows a thread (no row: they never started, replied in or followed it). */
async function isFollowing(parentId: string): Promise<boolean> {
  const { data, error } = await getSupabase()
    .from("thread_follows")
    .select("following")
    .eq("message_id", parentId)
    .maybeSingle();
  if (error) throw error;
  return data?.following ?? false;
}

async function setFollowing(parentId: string, following: boolean): Promise<boolean> {
  const { data, error } = await getSupabase().rpc("set_thread_following", { message_id: parentId, following });
  if (error) throw error;
  return data.following;
}

/**
 * The caller's follow of a thread and a way to change it. `replyCount` is part of the key: replying
 * follows the thread (a trigger does), so a new reply asks again.
 */
export function useThreadFollow(parentId: string, replyCount: number) {
  const queryClient = useQueryClient();
  const key = [...channelQueryKeys.threadFollow(parentId), replyCount] as const;
  const state = useQuery({ queryKey: key, queryFn: () => isFollowing(parentId) });
  const change = useMutation({
    mutationFn: (following: boolean) => setFollowing(parentId, following),
    onSuccess: (following) => queryClient.setQueryData(key, following),
  });
  return { following: state.data ?? false, ready: state.isSuccess, change };
}
