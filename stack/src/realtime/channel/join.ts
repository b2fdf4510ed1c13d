import { randomUUID } from "node:crypto";
import { readPermissions, type ReadPermissions } from "../authorization/policies.ts";
import { replayMessages } from "../broadcast/replay.ts";
import type { RealtimeContext } from "../context.ts";
import {
  cannotRead,
  RealtimeError,
  replayInvalid,
  replayNotPublic,
  SYSTEM_MESSAGES,
  tooManyChannels,
  tooManyJoins,
  topicNameRequired,
  unknownChannelError,
} from "../errors.ts";
import { BroadcastFrames } from "../protocol/broadcast-frames.ts";
import type { BroadcastBody, PhoenixMessage } from "../protocol/message.ts";
import { Channel, type ChannelSocket } from "./channel.ts";
import { parseJoinConfig } from "./join-config.ts";
import { checkToken } from "./token.ts";
import { recheckToken } from "./token-refresh.ts";

export interface JoiningSocket extends ChannelSocket {
  readonly connectToken: string;
  readonly channelCount: number;
  /** Join rate exceeded: upstream drops the whole socket (1001) after refusing. */
  dropForJoinRate(): void;
}

/**
 * `phx_join` in upstream's order (`realtime_channel.ex` join/3): validate,
 * limits, token, private read policies, replay, subscribe and reply `ok` with the postgres_changes
 * ids, then push presence_state, replayed messages and `system` messages. Refusals reply
 * `{reason: "<Code>: <message>"}` and create no channel.
 */
export async function joinChannel(
  ctx: RealtimeContext,
  socket: JoiningSocket,
  message: PhoenixMessage,
): Promise<Channel | null> {
  const refuse = (error: RealtimeError) => {
    socket.sendMessage({
      joinRef: message.joinRef,
      ref: message.ref,
      topic: message.topic,
      event: "phx_reply",
      payload: { status: "error", response: { reason: error.reason } },
    });
    return null;
  };
  try {
    const subTopic = message.topic.slice("realtime:".length);
    if (subTopic === "") return refuse(topicNameRequired());
    const config = parseJoinConfig(message.payload);
    if (socket.channelCount >= ctx.limits.maxChannelsPerSocket) return refuse(tooManyChannels());
    ctx.joins.add();
    if (ctx.joins.exceeded()) {
      refuse(tooManyJoins());
      socket.dropForJoinRate();
      return null;
    }
    const token =
      config.accessToken !== null && !config.accessToken.startsWith("sb_") ? config.accessToken : socket.connectToken;
    const checked = await checkToken(ctx.keys, token);
    if (!checked.ok) return refuse(checked.error);
    let read: ReadPermissions = { broadcast: true, presence: true };
    if (config.private) {
      read = await readPermissions(ctx.db, checked.claims, subTopic);
      if (!read.broadcast && !read.presence) return refuse(cannotRead(subTopic));
    }
    let replayed: BroadcastBody[] = [];
    if (config.replay !== null) {
      if (!config.private) return refuse(replayNotPublic());
      if (config.replay === "invalid") return refuse(replayInvalid());
      replayed = await replayMessages(ctx.db, subTopic, config.replay);
    }

    const stream = ctx.streams.get(config.private, subTopic);
    const presenceKey = config.presenceKey !== "" ? config.presenceKey : randomUUID();
    const channel = new Channel(
      ctx,
      socket,
      message.topic,
      message.joinRef,
      config,
      stream,
      { claims: checked.claims, token, read },
      presenceKey,
    );
    // Subscribed before the reply so the first change after SUBSCRIBED is not missed.
    const registration = await ctx.changes.subscribe(channel, config.postgresChanges);
    stream.members.add(channel);
    channel.armExpiry(() => void recheckToken(channel));
    const postgresChanges = config.postgresChanges.map((binding, index) => ({
      ...binding,
      id: registration.ids[index],
    }));
    channel.reply(message.ref, "ok", { postgres_changes: postgresChanges });

    if (channel.presenceEnabled && read.presence) channel.push("presence_state", stream.presence.state());
    for (const body of replayed) channel.deliverBroadcast(new BroadcastFrames(channel.topic, body));
    for (const system of registration.system) channel.system("postgres_changes", system.status, system.message);
    if (config.replicationReady && ctx.changes.ready) channel.system("system", "ok", SYSTEM_MESSAGES.replicationReady);
    return channel;
  } catch (error) {
    if (error instanceof RealtimeError) return refuse(error);
    ctx.logger.error({ err: error, topic: message.topic }, "realtime join failed");
    return refuse(unknownChannelError());
  }
}
