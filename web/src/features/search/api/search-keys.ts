import type { SearchFilters } from "./search-messages";

/** Query keys of message search. */
export const searchQueryKeys = {
  all: ["search"] as const,
  results: (workspaceId: string, filters: SearchFilters) => [...searchQueryKeys.all, workspaceId, filters] as const,
  channels: (workspaceId: string) => [...searchQueryKeys.all, workspaceId, "channels"] as const,
};
