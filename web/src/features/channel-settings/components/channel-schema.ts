import { z } from "zod";

/** The database's rule for channel names (see the channels migration), as a field check. */
export const channelNamePattern = /^[\p{L}\p{N}_-]([\p{L}\p{N} ._-]{0,78}[\p{L}\p{N}_-])?$/u;

export const channelSettingsSchema = z.object({
  name: z.string().trim().regex(channelNamePattern, "channelSettings.nameInvalid"),
  topic: z.string().trim().max(250, "channelSettings.topicInvalid"),
  isPrivate: z.boolean(),
});
export type ChannelSettingsInput = z.infer<typeof channelSettingsSchema>;
