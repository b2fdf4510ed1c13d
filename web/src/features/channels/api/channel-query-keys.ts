/** Query keys for a channel and its timeline. Build keys here, never as literal arrays elsewhere. */
export const channelQueryKeys = {
  all: ["channels"] as const,
  detail: (channelId: string) => [...channelQueryKeys.all, channelId] as const,
  messages: (channelId: string) => [...channelQueryKeys.all, channelId, "messages"] as const,
  thread: (channelId: string, parentId: string) => [...channelQueryKeys.all, channelId, "thread", parentId] as const,
  reactions: (channelId: string) => [...channelQueryKeys.all, channelId, "reactions"] as const,
  attachments: (channelId: string) => [...channelQueryKeys.all, channelId, "attachments"] as const,
  signedUrls: (paths: readonly string[]) => [...channelQueryKeys.all, "signed-urls", ...paths] as const,
  bucket: () => [...channelQueryKeys.all, "attachments-bucket"] as const,
  /** Outside `detail`: refreshing a channel must not move the unread divider of the visit. */
  unreadStart: (channelId: string) => [...channelQueryKeys.all, "unread-start", channelId] as const,
  people: () => [...channelQueryKeys.all, "people"] as const,
  members: (channelId: string) => [...channelQueryKeys.all, channelId, "members"] as const,
  /** The conversation header's search for `query` in this conversation. */
  search: (channelId: string, query: string) => [...channelQueryKeys.all, channelId, "search", query] as const,
  pins: (channelId: string) => [...channelQueryKeys.all, channelId, "pins"] as const,
  /** The caller's saved messages, across every conversation. */
  saved: () => [...channelQueryKeys.all, "saved"] as const,
  /** Names and workspaces of the conversations with these ids (the Saved page's context). */
  conversations: (workspaceId: string, ids: readonly string[]) =>
    [...channelQueryKeys.all, "conversations", workspaceId, ...ids] as const,
  personCard: (userId: string) => [...channelQueryKeys.all, "person-card", userId] as const,
  history: (messageId: string) => [...channelQueryKeys.all, "history", messageId] as const,
  threadFollow: (parentId: string) => [...channelQueryKeys.all, "thread-follow", parentId] as const,
};
