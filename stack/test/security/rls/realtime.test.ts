import { randomUUID } from "node:crypto";
import type { RealtimeChannel, SupabaseClient } from "@supabase/supabase-js";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import type { TestStack } from "../../support/test-stack.ts";
import { collector, quietPeriod, subscribe } from "../../realtime/helpers.ts";
import { startParleyStack } from "../../parley/support/parley-stack.ts";
import { spareMember, messageBy } from "../../parley/support/world.ts";
import {
  buildSecurityWorld,
  closeRealtime,
  parseMatrix,
  SECURITY_ACTORS,
  type SecurityActor,
  type SecurityWorld,
} from "../support/security-world.ts";
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

const arrives = async <T>(events: ReturnType<typeof collector<T>>): Promise<boolean> =>
  (await nextEvent(events)) !== undefined;

/** The other side of a presence or broadcast case: the member, or the owner when the member acts. */
const observerOf = (actor: SecurityActor): "member" | "owner" => (actor === "member" ? "owner" : "member");
const userKey = (actor: SecurityActor) => (actor === "signed-out" ? "signed-out" : w.people[actor].id);

const privateTopic = (client: SupabaseClient, topic: string, key?: string): RealtimeChannel =>
  client.channel(topic, {
    config: { private: true, broadcast: { self: false }, ...(key ? { presence: { key } } : {}) },
  });

async function changesOf(actor: SecurityActor, table: string, event: "INSERT" | "UPDATE" | "*", filter?: string) {
  const events = collector<unknown>();
  const channel = w
    .client(actor)
    .channel(`changes-${randomUUID()}`)
    .on(
      "postgres_changes",
      { event, schema: "public", table, ...(filter ? { filter } : {}) } as never,
      (change: unknown) => events.push(change),
    );
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
      .on(
        "postgres_changes",
        { event: "DELETE", schema: "public", table: "messages", filter: `id=eq.${message.id}` },
        (change) => events.push(change as never),
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
    const watcher = privateTopic(w.client(observer), topic, w.people[observer].id).on(
      "presence",
      { event: "join" },
      ({ key }) => {
        if (key === userKey(actor)) seen.push();
      },
    );
    if ((await subscribe(watcher)).status !== "SUBSCRIBED") throw new Error("observer could not join");
    const channel = privateTopic(w.client(actor), topic, userKey(actor));
    const joined = (await subscribe(channel)).status === "SUBSCRIBED";
    if (joined) await channel.track({ online_at: new Date().toISOString() });
    return joined && (await arrives(seen));
  },
  "announce being online (announce_online)": async (actor) => {
    const observer = observerOf(actor);
    const online = collector<unknown>();
    const watcher = privateTopic(w.client(observer), `workspace:${w.base.workspaceId}:online`).on(
      "broadcast",
      { event: "online" },
      (m) => online.push(m),
    );
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
    const channel = privateTopic(w.client(actor), topic).on("broadcast", { event: "typing" }, (message) =>
      typing.push(message),
    );
    const joined = (await subscribe(channel)).status === "SUBSCRIBED";
    const { error } = await w.client(observer).rpc("send_typing", { channel_id: w.base.privateChannelId });
    if (error) throw new Error(`observer could not type: ${error.message}`);
    return joined && (await arrives(typing));
  },
  "send typing in the private channel (send_typing)": async (actor) => {
    const observer = observerOf(actor);
    const topic = `channel:${w.base.privateChannelId}:typing`;
    const typing = collector<unknown>();
    const watcher = privateTopic(w.client(observer), topic).on("broadcast", { event: "typing" }, (message) =>
      typing.push(message),
    );
    if ((await subscribe(watcher)).status !== "SUBSCRIBED") throw new Error("observer could not join");
    const { error } = await w.client(actor).rpc("send_typing", { channel_id: w.base.privateChannelId });
    return error === null && (await arrives(typing));
  },
  "broadcast typing straight from the client": async (actor) => {
    const observer = observerOf(actor);
    const topic = `channel:${w.base.privateChannelId}:typing`;
    const typing = collector<unknown>();
    const watcher = privateTopic(w.client(observer), topic).on("broadcast", { event: "typing" }, (message) =>
      typing.push(message),
    );
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
    const watcher = privateTopic(w.client(observer), topic).on("broadcast", { event: "typing" }, (message) =>
      typing.push(message),
    );
    if ((await subscribe(watcher)).status !== "SUBSCRIBED") throw new Error("observer could not join");
    const token = actor === "signed-out" ? undefined : w.people[actor].token;
    const response = await fetch(`${t.url}/realtime/v1/api/broadcast`, {
      method: "POST",
      headers: {
        apikey: t.stack.keys.publishableKey,
        "content-type": "application/json",
        ...(token ? { authorization: `Bearer ${token}` } : {}),
      },
      body: JSON.stringify({
        messages: [{ topic, event: "typing", payload: { user_id: userKey(actor) }, private: true }],
      }),
    });
    // Unauthorized private messages are silently skipped (202), as upstream: only delivery tells.
    return response.status === 202 && (await arrives(typing));
  },
  "receive on a public topic": async (actor) => {
    const observer = observerOf(actor);
    const topic = `lobby-${randomUUID()}`;
    const messages = collector<unknown>();
    const channel = w
      .client(actor)
      .channel(topic, { config: { broadcast: { self: false } } })
      .on("broadcast", { event: "hi" }, (m) => messages.push(m));
    const joined = (await subscribe(channel)).status === "SUBSCRIBED";
    const sender = w.client(observer).channel(topic, { config: { broadcast: { self: false } } });
    if ((await subscribe(sender)).status !== "SUBSCRIBED") throw new Error("observer could not join");
    await sender.send({ type: "broadcast", event: "hi", payload: {} });
    return joined && (await arrives(messages));
  },
};

describe("realtime: every channel kind, for every kind of caller", () => {
  const cases = parseMatrix<[string, string]>(REALTIME_MATRIX, 2).map(
    ({ labels: [kind, action], actor, allowed }) => [actor, kind, action, allowed] as const,
  );
  it.each(cases)("%s: %s, %s → allowed %s", async (actor, _kind, action, allowed) => {
    const attempt = attempts[action];
    if (!attempt) throw new Error(`no attempt for ${action}`);
    waitMs = allowed ? WAIT_MS.allowed : WAIT_MS.refused;
    expect(await attempt(actor)).toBe(allowed);
  });
});

/** A row about to go, the identifying values it holds, and what to run to make it go. */
interface Departure {
  /** Ids a subscriber must not learn from the delete (who, where). */
  secrets: string[];
  /** Filters an eavesdropper would use to watch those ids (each must never match a delete). */
  filters: string[];
  remove: () => Promise<unknown>;
}

/**
 * Deletes skip RLS in realtime (upstream too: there is no row left to check), so every subscriber to
 * a table's DELETE events gets every delete, and a filter is matched against the old row. Each row
 * below is a table of Parley's publication (or one taken out of it) and the way its rows go; the
 * outsider, who shares nothing with anybody involved, subscribes to that table's deletes — all of
 * them, and filtered by the identifying columns — and must learn nothing: at most a meaningless id.
 */
type Told = "its id only" | "nothing";

const DELETES: [table: string, how: string, told: Told, arrange: () => Promise<Departure>][] = [
  [
    "workspace_members",
    "a member leaves the workspace",
    "its id only",
    async () => {
      const leaver = await spareMember(w.base, "leaver");
      const remove = () =>
        w.base.sql("delete from public.workspace_members where workspace_id = $1 and user_id = $2", [
          w.base.workspaceId,
          leaver.id,
        ]);
      return {
        secrets: [leaver.id, w.base.workspaceId],
        filters: [`user_id=eq.${leaver.id}`, `workspace_id=eq.${w.base.workspaceId}`],
        remove,
      };
    },
  ],
  [
    "channel_members",
    "a member leaves the private channel",
    "nothing",
    async () => {
      const leaver = await spareMember(w.base, "leaver");
      await w.base.insert("channel_members", { channel_id: w.base.privateChannelId, user_id: leaver.id });
      const remove = () =>
        w.base.sql("delete from public.channel_members where channel_id = $1 and user_id = $2", [
          w.base.privateChannelId,
          leaver.id,
        ]);
      return {
        secrets: [leaver.id, w.base.privateChannelId],
        filters: [`user_id=eq.${leaver.id}`, `channel_id=eq.${w.base.privateChannelId}`],
        remove,
      };
    },
  ],
  [
    "read_markers",
    "a reader's marker in the private channel goes",
    "its id only",
    async () => {
      const reader = await spareMember(w.base, "reader");
      await w.base.insert("channel_members", { channel_id: w.base.privateChannelId, user_id: reader.id });
      await w.base.insert("read_markers", { user_id: reader.id, channel_id: w.base.privateChannelId });
      const remove = () =>
        w.base.sql("delete from public.read_markers where user_id = $1 and channel_id = $2", [
          reader.id,
          w.base.privateChannelId,
        ]);
      return {
        secrets: [reader.id, w.base.privateChannelId],
        filters: [`user_id=eq.${reader.id}`, `channel_id=eq.${w.base.privateChannelId}`],
        remove,
      };
    },
  ],
  [
    "profiles",
    "a member deletes their account",
    "nothing",
    async () => {
      const leaver = await spareMember(w.base, "deleted");
      return {
        secrets: [leaver.id],
        filters: [`id=eq.${leaver.id}`],
        remove: () => w.base.sql("delete from auth.users where id = $1", [leaver.id]),
      };
    },
  ],
  [
    "channels",
    "the member's private channel is deleted",
    "its id only",
    async () => {
      const channel = await w.base.insert<{ id: string }>("channels", {
        workspace_id: w.base.workspaceId,
        name: `gone-${randomUUID().slice(0, 8)}`,
        is_private: true,
        created_by: w.people.member.id,
      });
      return {
        secrets: [w.people.member.id, w.base.workspaceId],
        filters: [`created_by=eq.${w.people.member.id}`],
        remove: () => w.base.sql("delete from public.channels where id = $1", [channel.id]),
      };
    },
  ],
  [
    "messages",
    "a message in the private channel is deleted",
    "its id only",
    async () => {
      const message = await messageBy(w.base, w.people.member.id, w.base.privateChannelId, "soon gone");
      return {
        secrets: [w.people.member.id, w.base.privateChannelId],
        filters: [`author_id=eq.${w.people.member.id}`, `channel_id=eq.${w.base.privateChannelId}`],
        remove: () => w.base.sql("delete from public.messages where id = $1", [message.id]),
      };
    },
  ],
  [
    "reactions",
    "the member takes back a reaction in the private channel",
    "its id only",
    async () => {
      const message = await messageBy(w.base, w.people.owner.id, w.base.privateChannelId, "react here");
      const reaction = await w.base.insert<{ id: string }>("reactions", {
        message_id: message.id,
        channel_id: w.base.privateChannelId,
        user_id: w.people.member.id,
        emoji: "👀",
      });
      return {
        secrets: [w.people.member.id, w.base.privateChannelId],
        filters: [`user_id=eq.${w.people.member.id}`, `channel_id=eq.${w.base.privateChannelId}`],
        remove: () => w.base.sql("delete from public.reactions where id = $1", [reaction.id]),
      };
    },
  ],
  [
    "attachments",
    "the member's file in the private channel goes with its message",
    "its id only",
    async () => {
      const message = await messageBy(w.base, w.people.member.id, w.base.privateChannelId, "see attached");
      const channelId = w.base.privateChannelId;
      await w.base.insert("attachments", {
        message_id: message.id,
        workspace_id: w.base.workspaceId,
        channel_id: channelId,
        uploader_id: w.people.member.id,
        object_path: `${w.base.workspaceId}/${channelId}/${randomUUID()}/plan.pdf`,
        name: "plan.pdf",
        size_bytes: 100,
        mime_type: "application/pdf",
      });
      return {
        secrets: [w.people.member.id, channelId, w.base.workspaceId],
        filters: [`uploader_id=eq.${w.people.member.id}`, `channel_id=eq.${channelId}`],
        remove: () => w.base.sql("update public.messages set deleted_at = now() where id = $1", [message.id]),
      };
    },
  ],
];

describe("realtime: deletes reveal nothing identifying to an outsider", () => {
  it.each(DELETES)("%s: %s tells them %s", async (table, _how, told, arrange) => {
    const departure = await arrange();
    const all = collector<{ old: Record<string, unknown> }>();
    const watched = collector<unknown>();
    const channel = w
      .client("outsider")
      .channel(`deletes-${randomUUID()}`)
      .on("postgres_changes", { event: "DELETE", schema: "public", table }, (change) => all.push(change as never));
    for (const filter of departure.filters)
      channel.on("postgres_changes", { event: "DELETE", schema: "public", table, filter }, (change) =>
        watched.push(change),
      );
    expect((await subscribe(channel)).status).toBe("SUBSCRIBED");

    await departure.remove();
    // A table in the publication delivers the delete (its key only); one outside it delivers nothing.
    const first = await all.next(1, told === "nothing" ? WAIT_MS.refused : WAIT_MS.allowed).catch(() => []);
    await quietPeriod();
    const events = [...first, ...all.seen];
    expect(events).toHaveLength(told === "nothing" ? 0 : 1);
    for (const { old } of events) {
      expect(Object.keys(old)).toEqual(["id"]);
      expect(departure.secrets).not.toContain(old.id);
    }
    expect(watched.seen).toEqual([]);
  });
});
