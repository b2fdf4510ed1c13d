/** Query keys for workspaces and their sidebars. Build keys here, never as literal arrays elsewhere. */
export const workspaceQueryKeys = {
  all: ["workspaces"] as const,
  list: () => [...workspaceQueryKeys.all, "list"] as const,
  bySlug: (slug: string) => [...workspaceQueryKeys.all, "by-slug", slug] as const,
  channels: (workspaceId: string) => [...workspaceQueryKeys.all, workspaceId, "channels"] as const,
  lastConversation: () => [...workspaceQueryKeys.all, "last-conversation"] as const,
  unreadCounts: (workspaceId: string) => [...workspaceQueryKeys.all, workspaceId, "unread-counts"] as const,
};
