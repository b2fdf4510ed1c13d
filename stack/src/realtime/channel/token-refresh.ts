import { readPermissions } from "../authorization/policies.ts";
import { SYSTEM_MESSAGES } from "../errors.ts";
import type { Channel } from "./channel.ts";
import { checkToken } from "./token.ts";

/**
 * The `access_token` push: never answered; ignored when unchanged,
 * null or an `sb_…` key; otherwise verified, private read re-checked, Postgres subscriptions moved
 * to the new claims. Any failure closes the channel with a `system` message.
 */
export async function handleAccessToken(channel: Channel, payload: unknown): Promise<void> {
  const token =
    typeof payload === "object" && payload !== null ? (payload as Record<string, unknown>).access_token : undefined;
  if (typeof token !== "string" || token === channel.token || token.startsWith("sb_")) return;
  const checked = await checkToken(channel.ctx.keys, token);
  if (channel.isClosed) return;
  if (!checked.ok) {
    channel.shutdown(checked.error.message);
    return;
  }
  let read = channel.read;
  if (channel.isPrivate) {
    read = await readPermissions(channel.ctx.db, checked.claims, channel.subTopic);
    if (!read.broadcast && !read.presence) {
      channel.shutdown(SYSTEM_MESSAGES.lostRead(channel.subTopic));
      return;
    }
  }
  channel.adoptToken(token, checked.claims, read);
  if (channel.config.postgresChanges.length > 0) {
    const registration = await channel.ctx.changes.subscribe(channel, channel.config.postgresChanges);
    for (const message of registration.system) channel.system("postgres_changes", message.status, message.message);
  }
}

/** The periodic re-check upstream runs on every joined channel: expiry ⇒ `system` error + close. */
export async function recheckToken(channel: Channel): Promise<void> {
  const checked = await checkToken(channel.ctx.keys, channel.token);
  if (channel.isClosed) return;
  if (!checked.ok) channel.shutdown(checked.error.message);
  else channel.armExpiry();
}
