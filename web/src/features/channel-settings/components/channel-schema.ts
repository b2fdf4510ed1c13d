import { z } from "../../../lib/zod-mini";

/** The database's rule for channel names (see the channels migration), as a field check. */
export const channelNamePattern = /^[\p{L}\p{N}_-]([\p{L}\p{N} ._-]{0,78}[\p{L}\p{N}_-])?$/u;

export const channelSettingsSchema = z.object({
  name: z.string().check(z.trim(), z.regex(channelNamePattern, "channelSettings.nameInvalid")),
  topic: z.string().check(z.trim(), z.maxLength(250, "channelSettings.topicInvalid")),
  isPrivate: z.boolean(),
});
export type ChannelSettingsInput = z.infer<typeof channelSettingsSchema>;
