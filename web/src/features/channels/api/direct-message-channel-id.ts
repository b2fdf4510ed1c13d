import { z } from "../../../lib/zod-mini";

/**
 * The channel id `open_direct_conversation` answered, checked to be a uuid (a ZodError otherwise).
 * Its own module so that zod loads when someone starts a DM, not with the conversation view.
 */
export function parseDirectMessageChannelId(data: unknown): string {
  return z.uuid().parse(data);
}
