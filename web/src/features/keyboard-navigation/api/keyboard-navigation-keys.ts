/** Query keys of the quick switcher and the shortcuts. Build keys here, never as literal arrays elsewhere. */
export const keyboardNavigationKeys = {
  all: ["keyboard-navigation"] as const,
  workspace: (slug: string) => [...keyboardNavigationKeys.all, "workspace", slug] as const,
  channels: (workspaceId: string) => [...keyboardNavigationKeys.all, workspaceId, "channels"] as const,
};
