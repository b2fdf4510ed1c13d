/** Query keys of channel settings. */
export const channelSettingsKeys = {
  all: ["channel-settings"] as const,
  channel: (channelId: string) => [...channelSettingsKeys.all, channelId] as const,
  membership: (channelId: string, userId: string) =>
    [...channelSettingsKeys.channel(channelId), "membership", userId] as const,
};
