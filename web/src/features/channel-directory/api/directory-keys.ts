/** Query keys for the channel directory. Build keys here, never as literal arrays elsewhere. */
export const directoryKeys = {
  all: ["channel-directory"] as const,
  workspace: (workspaceId: string) => [...directoryKeys.all, workspaceId] as const,
  search: (workspaceId: string, search: string) => [...directoryKeys.workspace(workspaceId), search] as const,
};
