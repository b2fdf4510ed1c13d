import { useTabBadge } from "../../../lib/tab-badge/use-tab-badge";
import { useUnreadCounts } from "../api/get-unread-counts";

/**
 * Puts the workspace's unread mentions (the sidebar's @ badges added up) on the browser tab: its
 * title and its icon. The sidebar keeps the counts live, so reading a channel clears its share.
 */
export function useUnreadMentionBadge(workspaceId: string) {
  const counts = useUnreadCounts(workspaceId).data;
  let mentions = 0;
  for (const row of counts?.values() ?? []) mentions += Number(row.mention_count) || 0;
  useTabBadge(mentions);
}
