import { useQuery } from "@tanstack/react-query";
import { z } from "../../../lib/zod-mini";
import { activityKeys } from "../../../lib/activity/activity-keys";
import { getSupabase } from "../../../lib/supabase";

const activityRow = z.object({
  id: z.string(),
  kind: z.enum(["mention", "thread_reply", "direct_message", "reaction"]),
  channel_id: z.string(),
  message_id: z.string(),
  actor_id: z.nullable(z.string()),
  created_at: z.string(),
  read_at: z.nullable(z.string()),
  // Null when the message is no longer readable (policies on messages and reactions decide).
  message: z.nullable(z.object({ body: z.string(), thread_parent_id: z.nullable(z.string()) })),
  reaction: z.nullable(z.object({ emoji: z.string() })),
});

export type ActivityItem = z.infer<typeof activityRow>;

/** The newest items of the caller's inbox in a workspace (RLS: only their own rows). */
export async function listActivity(workspaceId: string): Promise<ActivityItem[]> {
  const { data, error } = await getSupabase()
    .from("activity")
    .select(
      "id, kind, channel_id, message_id, actor_id, created_at, read_at, message:messages(body, thread_parent_id), reaction:reactions(emoji)",
    )
    .eq("workspace_id", workspaceId)
    .order("created_at", { ascending: false })
    .order("id", { ascending: false })
    .limit(100);
  if (error) throw error;
  return z.array(activityRow).parse(data);
}

export function useActivity(workspaceId: string) {
  return useQuery({ queryKey: activityKeys.list(workspaceId), queryFn: () => listActivity(workspaceId) });
}
