/** Query keys for workspace data several features share (members, presence, direct conversations). */
export const sharedWorkspaceKeys = {
  all: ["workspace-shared"] as const,
  members: (workspaceId: string) => [...sharedWorkspaceKeys.all, workspaceId, "members"] as const,
  presence: (workspaceId: string) => [...sharedWorkspaceKeys.all, workspaceId, "presence"] as const,
  away: (workspaceId: string) => [...sharedWorkspaceKeys.all, workspaceId, "away"] as const,
  directConversations: (workspaceId: string) => [...sharedWorkspaceKeys.all, workspaceId, "direct"] as const,
};
