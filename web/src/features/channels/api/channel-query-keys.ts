/** Query keys for a channel and its timeline. Build keys here, never as literal arrays elsewhere. */
export const channelQueryKeys = {
  all: ["channels"] as const,
  detail: (channelId: string) => [...channelQueryKeys.all, channelId] as const,
  messages: (channelId: string) => [...channelQueryKeys.all, channelId, "messages"] as const,
  people: () => [...channelQueryKeys.all, "people"] as const,
};
