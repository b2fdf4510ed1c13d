import { useMemo } from "react";
import { useWorkspaceMembers } from "../../../lib/workspace/workspace-members";
import { useSwitcherChannels } from "../api/list-switcher-channels";
import type { SwitcherItem } from "../switcher/switcher-item";

/** Everything the quick switcher offers in a workspace: its channels, then its people other than the caller. */
export function useSwitcherItems(workspaceId: string, userId: string): { items: SwitcherItem[]; loading: boolean } {
  const channels = useSwitcherChannels(workspaceId, userId);
  const members = useWorkspaceMembers(workspaceId);
  const items = useMemo(() => {
    const people = (members.data ?? [])
      .filter((member) => member.userId !== userId)
      .map((member): SwitcherItem => ({
        kind: "person",
        id: member.userId,
        name: member.name,
        username: member.username,
      }));
    return [...(channels.data ?? []), ...people];
  }, [channels.data, members.data, userId]);
  return { items, loading: channels.isPending || members.isPending };
}
