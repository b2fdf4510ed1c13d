import { useQuery } from "@tanstack/react-query";
import { getSupabase } from "../../../lib/supabase";
import { listDirectConversations } from "../../../lib/workspace/direct-conversations";
import type { SwitcherItem } from "../switcher/switcher-item";
import { keyboardNavigationKeys } from "./keyboard-navigation-keys";

export type SwitcherChannel = Extract<SwitcherItem, { kind: "channel" | "dm" }>;

/**
 * The conversations the caller talks in, in the sidebar's order (live channels by name, archived ones, then DMs):
 * every public channel and the private ones they belong to. Admins may read other private channels' names; like the
 * sidebar, the switcher leaves those out. A DM is named by its other people, as the sidebar names it.
 */
export async function listSwitcherChannels(workspaceId: string, userId: string): Promise<SwitcherChannel[]> {
  const client = getSupabase();
  const [channels, memberships, directs] = await Promise.all([
    client
      .from("channels")
      .select("id, name, is_private, archived_at")
      .eq("workspace_id", workspaceId)
      .eq("kind", "channel")
      .order("name"),
    client.from("channel_members").select("channel_id").eq("user_id", userId),
    listDirectConversations(workspaceId, userId),
  ]);
  if (channels.error) throw channels.error;
  if (memberships.error) throw memberships.error;
  const mine = new Set(memberships.data.map((row) => row.channel_id));
  const visible = channels.data
    .filter((row) => !row.is_private || mine.has(row.id))
    .map((row) => ({
      kind: "channel" as const,
      id: row.id,
      name: row.name,
      isPrivate: row.is_private,
      archived: row.archived_at !== null,
    }));
  const dms = directs
    .filter((conversation) => conversation.others.length > 0)
    .map((conversation) => ({
      kind: "dm" as const,
      id: conversation.id,
      name: conversation.others.map((person) => person.name).join(", "),
    }));
  return [...visible.filter((channel) => !channel.archived), ...visible.filter((channel) => channel.archived), ...dms];
}

export function useSwitcherChannels(workspaceId: string, userId: string) {
  return useQuery({
    queryKey: keyboardNavigationKeys.channels(workspaceId),
    queryFn: () => listSwitcherChannels(workspaceId, userId),
    enabled: workspaceId !== "" && userId !== "",
  });
}
