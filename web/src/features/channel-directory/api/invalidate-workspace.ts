import type { QueryClient } from "@tanstack/react-query";

/**
 * Joining, leaving or creating a channel changes the directory and the sidebar's channels and
 * badges, which other features own: every cached query about this workspace is refetched.
 */
export const invalidateWorkspace = (queryClient: QueryClient, workspaceId: string) =>
  queryClient.invalidateQueries({ predicate: (query) => query.queryKey.includes(workspaceId) });
