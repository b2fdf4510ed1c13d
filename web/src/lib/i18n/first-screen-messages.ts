/**
 * The pages a visit most often begins on, whose first screen paints with only part of the catalog
 * (the rest follows at once after, see `loadMessages`): a conversation, and the signed-out forms
 * (sign-in, sign-up, forgot password).
 */
export type FirstScreen = "conversation" | "sign-in";

/** Every first screen that has a part of its own, in the order the build and the loaders list them. */
export const firstScreens: readonly FirstScreen[] = ["conversation", "sign-in"];

/** What every page shows around its content: the shell, its header, the route's error and fallback screens. */
const shell = ["app", "backend", "configError", "header", "language", "notFound", "routeError", "shell", "theme"];

/**
 * The messages each first screen shows, as message namespaces (a key's first segment) or single
 * keys. When a visit begins on such a page, only these load before it paints; the rest follows at
 * once after. A message missing here would show as its id until then: whatever that page renders
 * before `AfterFirstScreen` must find its messages here, in every language.
 *
 * - conversation: the workspace sidebar, the conversation itself (header, messages and their
 *   tools, composer) and what its keyboard shortcuts say or open;
 * - sign-in: the signed-out forms, their fields' checks and every error an auth call can answer
 *   with (a form may be sent before the rest is in).
 */
export const firstScreenMessages: Record<FirstScreen, readonly string[]> = {
  conversation: [
    ...shell,
    "activity",
    "auth.restoringSession",
    "channelDirectory.sidebarLink",
    "channels",
    "chat",
    "conversationNotifications",
    "directMessages",
    "home",
    "keyboard",
    "mentions",
    "presence",
    "status",
    "tabBadge",
    "userMenu",
    "workspaces",
  ],
  "sign-in": [
    ...shell,
    "auth",
    "chat",
    "identities",
    "members.loadError",
    "mfa",
    "oneTap",
    "password",
    "sso",
    "userMenu",
    "validation",
    "webauthn",
  ],
};

/** Whether a message id is one that `screen` shows first (see `firstScreenMessages`). */
export function isFirstScreenMessage(id: string, screen: FirstScreen): boolean {
  return firstScreenMessages[screen].some((entry) => id === entry || id.startsWith(`${entry}.`));
}
