/**
 * The messages a conversation's first screen shows — the shell, the workspace sidebar, the
 * conversation itself (header, messages and their tools, composer) and what its keyboard shortcuts
 * say or open — as message namespaces (a key's first segment) or single keys. When a visit begins
 * on a conversation, only these load before its messages paint; the rest follows at once after
 * (see `loadMessages`). A message missing here would show as its id until then: whatever renders
 * before `AfterFirstScreen` must find its messages here, in every language.
 */
export const firstScreenMessages = [
  "activity",
  "app",
  "auth.restoringSession",
  "backend",
  "channelDirectory.sidebarLink",
  "channels",
  "chat",
  "configError",
  "conversationNotifications",
  "directMessages",
  "header",
  "home",
  "keyboard",
  "language",
  "mentions",
  "notFound",
  "presence",
  "routeError",
  "shell",
  "tabBadge",
  "theme",
  "userMenu",
  "workspaces",
];

/** Whether a message id is one the first screen shows (see `firstScreenMessages`). */
export function isFirstScreenMessage(id: string): boolean {
  return firstScreenMessages.some((entry) => id === entry || id.startsWith(`${entry}.`));
}
