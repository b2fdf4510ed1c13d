import { useMutation, useQuery } from "@tanstack/react-query";
import { getSupabase } from "../../../lib/supabase";
import { workspaceQueryKeys } from "./workspace-query-keys";

/** Where a conversation lives: enough to build its path. */
export type ConversationPlace = { channelId: string; workspaceSlug: string };

type LastConversationRow = { channel_id: string; channels: { workspaces: { slug: string } | null } | null };

/**
 * The conversation the signed-in person had open last, on any device (`last_conversations`, their
 * own row by RLS); `null` when there is none or they can no longer read it (the embedded channel is
 * then hidden by the channels' policies).
 */
export async function getLastConversation(): Promise<ConversationPlace | null> {
  const { data, error } = await getSupabase()
    .from("last_conversations")
    .select("channel_id, channels(workspaces(slug))")
    .maybeSingle();
  if (error) throw error;
  const row = data as LastConversationRow | null;
  const slug = row?.channels?.workspaces?.slug;
  return row && slug ? { channelId: row.channel_id, workspaceSlug: slug } : null;
}

export function useLastConversation() {
  return useQuery({ queryKey: workspaceQueryKeys.lastConversation(), queryFn: getLastConversation, staleTime: 0 });
}

/** Notes the conversation now open as the person's last one (insert or move their single row). */
export async function rememberConversation(input: { userId: string; channelId: string }): Promise<void> {
  const { error } = await getSupabase()
    .from("last_conversations")
    .upsert(
      { user_id: input.userId, channel_id: input.channelId, opened_at: new Date().toISOString() },
      { onConflict: "user_id" },
    );
  if (error) throw error;
}

export function useRememberConversation() {
  return useMutation({ mutationFn: rememberConversation });
}
