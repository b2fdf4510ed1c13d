/**
 * The messages a conversation's first screen shows — the shell, the workspace sidebar and the
 * conversation itself — as message namespaces (a key's first segment) or single keys. When a visit
 * begins on a conversation, only these load before its messages paint (about a quarter of a
 * catalog); the rest follows at once after (see `loadMessages` and `AfterFirstScreen`). A message
 * missing here still shows, only once the rest of the catalog has come.
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
