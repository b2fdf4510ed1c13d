import { matchPath } from "react-router";

/** Where a conversation (a channel or a DM) opens: the page a visit most often begins on. */
export const conversationRoute = "/:locale/w/:slug/c/:channelId";

/** Whether `pathname` is a conversation's page (not its settings). */
export function isConversationPath(pathname: string): boolean {
  return matchPath(conversationRoute, pathname) !== null;
}
