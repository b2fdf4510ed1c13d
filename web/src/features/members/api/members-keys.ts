/** Query keys of the members page (members themselves use the shared key in lib/workspace). */
export const membersQueryKeys = {
  all: ["members-page"] as const,
  invitations: (workspaceId: string) => [...membersQueryKeys.all, workspaceId, "invitations"] as const,
};
