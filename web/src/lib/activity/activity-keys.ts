/** Query keys of a person's activity inbox in a workspace; invalidating `all` refreshes list and badge. */
export const activityKeys = {
  all: (workspaceId: string) => ["activity", workspaceId] as const,
  list: (workspaceId: string) => ["activity", workspaceId, "list"] as const,
  unread: (workspaceId: string) => ["activity", workspaceId, "unread"] as const,
};
