import { randomUUID } from "node:crypto";
import type { RealtimeChannel, SupabaseClient } from "@supabase/supabase-js";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import type { TestStack } from "../../support/test-stack.ts";
import { collector, subscribe } from "../../realtime/helpers.ts";
import { startParleyStack } from "../../parley/support/parley-stack.ts";
import { spareMember, messageBy } from "../../parley/support/world.ts";
import { buildSecurityWorld, closeRealtime, parseMatrix, SECURITY_ACTORS, type SecurityActor, type SecurityWorld } from "../support/security-world.ts";
import { REALTIME_MATRIX } from "./realtime-matrix.ts";

let t: TestStack;
let w: SecurityWorld;
beforeAll(async () => {
  t = await startParleyStack();
  w = await buildSecurityWorld(t);
});
afterEach(async () => {
  for (const actor of SECURITY_ACTORS) await w.client(actor).removeAllChannels();
});
afterAll(async () => {
  if (w) await closeRealtime(w);
  await t?.close();
});

/**
 * How long to wait for an event. A row the policies allow waits generously (a loaded CI machine can
 * take seconds to deliver a first change); a refused row waits a bounded time for a leak to show.
 */
const WAIT_MS = { allowed: 15_000, refused: 3_000 };
let waitMs = WAIT_MS.refused;

/** The next event, or undefined when none comes (how the matrix's ✗ rows are judged). */
async function nextEvent<T>(events: ReturnType<typeof collector<T>>): Promise<{ event: T } | undefined> {
  try {
    const [event] = await events.next(1, waitMs);
    return { event: event as T };
  } catch {
    return undefined;
  }
}

const arrives = async <T>(events: ReturnType<typeof collector<T>>): Promise<boolean> => (await nextEvent(events)) !== undefined;

/** The other side of a presence or broadcast case: the member, or the owner when the member acts. */
const observerOf = (actor: SecurityActor): "member" | "owner" => (actor === "member" ? "owner" : "member");
const userKey = (actor: SecurityActor) => (actor === "signed-out" ? "signed-out" : w.people[actor].id);

const privateTopic = (client: SupabaseClient, topic: string, key?: string): RealtimeChannel =>
  client.channel(topic, { config: { private: true, broadcast: { self: false }, ...(key ? { presence: { key } } : {}) } });

async function changesOf(actor: SecurityActor, table: string, event: "INSERT" | "UPDATE" | "*", filter?: string) {
  const events = collector<unknown>();
  const channel = w
    .client(actor)
    .channel(`changes-${randomUUID()}`)
    .on("postgres_changes", { event, schema: "public", table, ...(filter ? { filter } : {}) } as never, (change: unknown) => events.push(change));
  const joined = (await subscribe(channel)).status === "SUBSCRIBED";
  return { joined, events };
}

type Attempt = (actor: SecurityActor) => Promise<boolean>;

const attempts: Record<string, Attempt> = {
  "receive an insert in the public channel": async (actor) => {
    const { joined, events } = await changesOf(actor, "messages", "INSERT", `channel_id=eq.${w.base.publicChannelId}`);
    await messageBy(w.base, w.people.owner.id, w.base.publicChannelId, "for the whole workspace");
    return joined && (await arrives(events));
  },
  "receive an insert in the private channel": async (actor) => {
    const { joined, events } = await changesOf(actor, "messages", "INSERT", `channel_id=eq.${w.base.privateChannelId}`);
    await messageBy(w.base, w.people.owner.id, w.base.privateChannelId, "for the private channel");
    return joined && (await arrives(events));
  },
  "receive an edit in the private channel": async (actor) => {
    const message = await messageBy(w.base, w.people.owner.id, w.base.privateChannelId, "draft");
    const { joined, events } = await changesOf(actor, "messages", "UPDATE", `channel_id=eq.${w.base.privateChannelId}`);
    await w.base.sql("update public.messages set body = 'edited in private' where id = $1", [message.id]);
    return joined && (await arrives(events));
  },
  "receive a delete in the private channel, key only": async (actor) => {
    const message = await messageBy(w.base, w.people.owner.id, w.base.privateChannelId, "gone soon");
    const events = collector<{ old: Record<string, unknown> }>();
    const channel = w
      .client(actor)
      .channel(`deletes-${randomUUID()}`)
      .on("postgres_changes", { event: "DELETE", schema: "public", table: "messages", filter: `channel_id=eq.${w.base.privateChannelId}` }, (change) =>
        events.push(change as never),
      );
    const joined = (await subscribe(channel)).status === "SUBSCRIBED";
    await w.base.sql("delete from public.messages where id = $1", [message.id]);
    const received = joined ? await nextEvent(events) : undefined;
    // Anything beyond the key would leak the private channel's words to every subscriber.
    if (received) expect(received.event.old).toEqual({ id: message.id });
    return received !== undefined;
  },
  "receive another user's read marker": async (actor) => {
    const reader = await spareMember(w.base, "reader");
    const { joined, events } = await changesOf(actor, "read_markers", "*");
    await w.base.insert("read_markers", { user_id: reader.id, channel_id: w.base.publicChannelId });
    return joined && (await arrives(events));
  },
  "see who is online in the workspace": async (actor) => {
    const observer = observerOf(actor);
    const topic = `workspace:${w.base.workspaceId}`;
    const watcher = privateTopic(w.client(observer), topic, w.people[observer].id);
    if ((await subscribe(watcher)).status !== "SUBSCRIBED") throw new Error("observer could not join");
    await watcher.track({ online_at: new Date().toISOString() });
    const synced = collector<void>();
    const channel = privateTopic(w.client(actor), topic, userKey(actor));
    channel.on("presence", { event: "sync" }, () => {
      if (w.people[observer].id in channel.presenceState()) synced.push();
    });
    const joined = (await subscribe(channel)).status === "SUBSCRIBED";
    return joined && (await arrives(synced));
  },
  "appear online in the workspace": async (actor) => {
    const observer = observerOf(actor);
    const topic = `workspace:${w.base.workspaceId}`;
    const seen = collector<void>();
    const watcher = privateTopic(w.client(observer), topic, w.people[observer].id).on("presence", { event: "join" }, ({ key }) => {
      if (key === userKey(actor)) seen.push();
    });
    if ((await subscribe(watcher)).status !== "SUBSCRIBED") throw new Error("observer could not join");
    const channel = privateTopic(w.client(actor), topic, userKey(actor));
    const joined = (await subscribe(channel)).status === "SUBSCRIBED";
    if (joined) await channel.track({ online_at: new Date().toISOString() });
    return joined && (await arrives(seen));
  },
  "announce being online (announce_online)": async (actor) => {
    const observer = observerOf(actor);
    const online = collector<unknown>();
    const watcher = privateTopic(w.client(observer), `workspace:${w.base.workspaceId}:online`).on("broadcast", { event: "online" }, (m) => online.push(m));
    if ((await subscribe(watcher)).status !== "SUBSCRIBED") throw new Error("observer could not join");
    const { error } = await w.client(actor).rpc("announce_online", { workspace_id: w.base.workspaceId });
    return error === null && (await arrives(online));
  },
  "broadcast being online straight from the client": async (actor) => {
    const observer = observerOf(actor);
    const topic = `workspace:${w.base.workspaceId}:online`;
    const online = collector<unknown>();
    const watcher = privateTopic(w.client(observer), topic).on("broadcast", { event: "online" }, (m) => online.push(m));
    if ((await subscribe(watcher)).status !== "SUBSCRIBED") throw new Error("observer could not join");
    const channel = privateTopic(w.client(actor), topic);
    const joined = (await subscribe(channel)).status === "SUBSCRIBED";
    if (joined) await channel.send({ type: "broadcast", event: "online", payload: { user_id: userKey(actor) } });
    return joined && (await arrives(online));
  },
  "receive typing in the private channel": async (actor) => {
    const observer = observerOf(actor);
    const topic = `channel:${w.base.privateChannelId}:typing`;
    const typing = collector<unknown>();
    const channel = privateTopic(w.client(actor), topic).on("broadcast", { event: "typing" }, (message) => typing.push(message));
    const joined = (await subscribe(channel)).status === "SUBSCRIBED";
    const { error } = await w.client(observer).rpc("send_typing", { channel_id: w.base.privateChannelId });
    if (error) throw new Error(`observer could not type: ${error.message}`);
    return joined && (await arrives(typing));
  },
  "send typing in the private channel (send_typing)": async (actor) => {
    const observer = observerOf(actor);
    const topic = `channel:${w.base.privateChannelId}:typing`;
    const typing = collector<unknown>();
    const watcher = privateTopic(w.client(observer), topic).on("broadcast", { event: "typing" }, (message) => typing.push(message));
    if ((await subscribe(watcher)).status !== "SUBSCRIBED") throw new Error("observer could not join");
    const { error } = await w.client(actor).rpc("send_typing", { channel_id: w.base.privateChannelId });
    return error === null && (await arrives(typing));
  },
  "broadcast typing straight from the client": async (actor) => {
    const observer = observerOf(actor);
    const topic = `channel:${w.base.privateChannelId}:typing`;
    const typing = collector<unknown>();
    const watcher = privateTopic(w.client(observer), topic).on("broadcast", { event: "typing" }, (message) => typing.push(message));
    if ((await subscribe(watcher)).status !== "SUBSCRIBED") throw new Error("observer could not join");
    const channel = privateTopic(w.client(actor), topic);
    const joined = (await subscribe(channel)).status === "SUBSCRIBED";
    if (joined) await channel.send({ type: "broadcast", event: "typing", payload: { user_id: userKey(actor) } });
    return joined && (await arrives(typing));
  },
  "send typing through the HTTP API": async (actor) => {
    const observer = observerOf(actor);
    const topic = `channel:${w.base.privateChannelId}:typing`;
    const typing = collector<unknown>();
    const watcher = privateTopic(w.client(observer), topic).on("broadcast", { event: "typing" }, (message) => typing.push(message));
    if ((await subscribe(watcher)).status !== "SUBSCRIBED") throw new Error("observer could not join");
    const token = actor === "signed-out" ? undefined : w.people[actor].token;
    const response = await fetch(`${t.url}/realtime/v1/api/broadcast`, {
      method: "POST",
      headers: { apikey: t.stack.keys.publishableKey, "content-type": "application/json", ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: JSON.stringify({ messages: [{ topic, event: "typing", payload: { user_id: userKey(actor) }, private: true }] }),
    });
    // Unauthorized private messages are silently skipped (202), as upstream: only delivery tells.
    return response.status === 202 && (await arrives(typing));
  },
  "receive on a public topic": async (actor) => {
    const observer = observerOf(actor);
    const topic = `lobby-${randomUUID()}`;
    const messages = collector<unknown>();
    const channel = w.client(actor).channel(topic, { config: { broadcast: { self: false } } }).on("broadcast", { event: "hi" }, (m) => messages.push(m));
    const joined = (await subscribe(channel)).status === "SUBSCRIBED";
    const sender = w.client(observer).channel(topic, { config: { broadcast: { self: false } } });
    if ((await subscribe(sender)).status !== "SUBSCRIBED") throw new Error("observer could not join");
    await sender.send({ type: "broadcast", event: "hi", payload: {} });
    return joined && (await arrives(messages));
  },
};

describe("realtime: every channel kind, for every kind of caller", () => {
  const cases = parseMatrix<[string, string]>(REALTIME_MATRIX, 2).map(({ labels: [kind, action], actor, allowed }) => [actor, kind, action, allowed] as const);
  it.each(cases)("%s: %s, %s → allowed %s", async (actor, _kind, action, allowed) => {
    const attempt = attempts[action];
    if (!attempt) throw new Error(`no attempt for ${action}`);
    waitMs = allowed ? WAIT_MS.allowed : WAIT_MS.refused;
    expect(await attempt(actor)).toBe(allowed);
  });
});
