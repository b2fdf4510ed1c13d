import type { QueryClient } from "@tanstack/react-query";
import { z } from "../../../lib/zod-mini";
import { getSupabase } from "../../../lib/supabase";
import { sharedWorkspaceKeys } from "../../../lib/workspace/workspace-keys";
import { listWorkspaceMembers } from "../../../lib/workspace/workspace-members";

/** An activity row as realtime delivers it (only what a notification needs). */
export const announcedItem = z.object({
  id: z.string(),
  kind: z.enum(["mention", "thread_reply", "direct_message", "reaction"]),
  workspace_id: z.string(),
  channel_id: z.string(),
  message_id: z.string(),
  actor_id: z.nullable(z.string()),
});
export type AnnouncedItem = z.infer<typeof announcedItem>;

const messageRow = z.object({ body: z.string(), thread_parent_id: z.nullable(z.string()) });
const channelRow = z.object({
  name: z.string(),
  kind: z.enum(["channel", "direct"]),
  workspaces: z.object({ slug: z.string() }),
});

/** What a notification about an item shows and opens, read through the caller's own policies. */
export type Announcement = {
  item: AnnouncedItem;
  message: z.infer<typeof messageRow>;
  channel: { name: string; kind: "channel" | "direct" };
  workspaceSlug: string;
  /** Current names by user id (the workspace's members). */
  names: ReadonlyMap<string, string>;
};

/**
 * Whether the database wants the caller told about an inbox item now (`should_announce_activity`:
 * mute, snooze, quiet hours and levels decide), and if so the message, conversation and names to
 * show. Null when it should stay quiet or is no longer readable.
 */
export async function loadAnnouncement(queryClient: QueryClient, item: AnnouncedItem): Promise<Announcement | null> {
  const supabase = getSupabase();
  const decision = await supabase.rpc("should_announce_activity", { activity_id: item.id });
  if (decision.error) throw decision.error;
  if (decision.data !== true) return null;
  const [message, channel, members] = await Promise.all([
    supabase.from("messages").select("body, thread_parent_id").eq("id", item.message_id).maybeSingle(),
    supabase.from("channels").select("name, kind, workspaces(slug)").eq("id", item.channel_id).maybeSingle(),
    queryClient.fetchQuery({
      queryKey: sharedWorkspaceKeys.members(item.workspace_id),
      queryFn: () => listWorkspaceMembers(item.workspace_id),
    }),
  ]);
  if (message.error) throw message.error;
  if (channel.error) throw channel.error;
  if (!message.data || !channel.data) return null;
  const conversation = channelRow.parse(channel.data);
  return {
    item,
    message: messageRow.parse(message.data),
    channel: { name: conversation.name, kind: conversation.kind },
    workspaceSlug: conversation.workspaces.slug,
    names: new Map(members.map((member) => [member.userId, member.name])),
  };
}
