import { randomUUID } from "node:crypto";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import type { TestStack } from "../../support/test-stack.ts";
import { collector, subscribe } from "../../realtime/helpers.ts";
import { startParleyStack } from "../../parley/support/parley-stack.ts";
import { clientWithToken, type Person } from "../../parley/support/people.ts";
import { messageBy, spareMember } from "../../parley/support/world.ts";
import {
  SECURITY_ACTORS,
  buildSecurityWorld,
  closeRealtime,
  parseMatrix,
  sessionToken,
  type SecurityActor,
  type SecurityWorld,
} from "../support/security-world.ts";
import { ACTIVITY_MATRIX } from "./activity-matrix.ts";

let t: TestStack;
let w: SecurityWorld;
/** A plain member of the workspace and of the private channel, who writes the messages and reactions. */
let author: Person;

beforeAll(async () => {
  t = await startParleyStack();
  w = await buildSecurityWorld(t);
  const spare = await spareMember(w.base, "author");
  const { token } = await sessionToken(t, spare);
  author = { ...spare, token, client: clientWithToken(t, token) };
  await w.base.insert("channel_members", { channel_id: w.base.privateChannelId, user_id: author.id });
});
afterEach(async () => {
  for (const actor of SECURITY_ACTORS) await w.client(actor).removeAllChannels();
});
afterAll(async () => {
  if (w) await closeRealtime(w);
  author?.client.realtime.disconnect();
  await t?.close();
});

const idOf = (actor: SecurityActor): string | null => (actor === "signed-out" ? null : w.people[actor].id);
const count = async (text: string, values: unknown[]) => (await w.base.sql(text, values)).length;

/** The author mentions someone (by the autocomplete's `<@id>` token) in a channel; returns the message id. */
async function mention(personId: string | null, channelId = w.base.publicChannelId): Promise<string> {
  const body = personId ? `look <@${personId}>` : "look";
  const { data, error } = await author.client.from("messages").insert({ channel_id: channelId, body }).select("id");
  if (error || !data?.[0]) throw new Error(`mentioning: ${error?.message}`);
  return (data[0] as { id: string }).id;
}

/** An item in the member's inbox (the author mentions them), with its id. */
async function membersItem(): Promise<{ id: string; messageId: string }> {
  const messageId = await mention(w.people.member.id);
  const [row] = await w.base.sql<{ id: string }>(
    "select id from public.activity where user_id = $1 and message_id = $2",
    [w.people.member.id, messageId],
  );
  if (!row) throw new Error("the mention left no item in the member's inbox");
  return { id: row.id, messageId };
}

const itemRead = async (id: string) =>
  (await count("select 1 from public.activity where id = $1 and read_at is not null", [id])) === 1;

/** A thread in a channel (the author's message) the member follows. */
async function membersFollow(): Promise<{ id: string; messageId: string }> {
  const parent = await messageBy(w.base, author.id, w.base.publicChannelId, "a thread");
  const row = await w.base.insert<{ id: string }>("thread_follows", {
    user_id: w.people.member.id,
    message_id: parent.id,
  });
  return { id: row.id, messageId: parent.id };
}

/** Waits for an event: generously when it is allowed, a bounded time for a leak to show. */
async function arrives(events: ReturnType<typeof collector<unknown>>, allowed: boolean): Promise<boolean> {
  try {
    await events.next(1, allowed ? 15_000 : 3_000);
    return true;
  } catch {
    return false;
  }
}

async function activityChanges(actor: SecurityActor, event: "INSERT" | "DELETE") {
  const events = collector<unknown>();
  const channel = w
    .client(actor)
    .channel(`activity-${randomUUID()}`)
    .on(
      "postgres_changes",
      { event, schema: "public", table: "activity", filter: `user_id=eq.${w.people.member.id}` } as never,
      (change: unknown) => events.push(change),
    );
  const joined = (await subscribe(channel)).status === "SUBSCRIBED";
  return { joined, events };
}

/** A channel the member created (plain members may rename their own channels). */
async function membersChannel(): Promise<string> {
  const row = await w.base.insert<{ id: string }>("channels", {
    workspace_id: w.base.workspaceId,
    name: `mine-${randomUUID().slice(0, 8)}`,
    created_by: w.people.member.id,
  });
  return row.id;
}

async function posted(actor: SecurityActor, channelId: string, body: string): Promise<boolean> {
  await w.client(actor).from("messages").insert({ channel_id: channelId, body });
  return (await count("select 1 from public.messages where body = $1", [body])) === 1;
}

type Attempt = (actor: SecurityActor, allowed: boolean) => Promise<boolean>;

const attempts: Record<string, Attempt> = {
  "read the member's item": async (actor) => {
    const item = await membersItem();
    const { data } = await w.client(actor).from("activity").select("id").eq("id", item.id);
    return (data ?? []).length === 1;
  },
  "mark the member's item read": async (actor) => {
    const item = await membersItem();
    await w.client(actor).from("activity").update({ read_at: new Date().toISOString() }).eq("id", item.id);
    return itemRead(item.id);
  },
  "mark all read (mark_all_activity_read) clears the member's": async (actor) => {
    const item = await membersItem();
    await w.client(actor).rpc("mark_all_activity_read", { workspace_id: w.base.workspaceId });
    return itemRead(item.id);
  },
  "hand the member's item to someone else": async (actor) => {
    const item = await membersItem();
    await w.client(actor).from("activity").update({ user_id: w.people.owner.id }).eq("id", item.id);
    return (
      (await count("select 1 from public.activity where id = $1 and user_id <> $2", [item.id, w.people.member.id])) ===
      1
    );
  },
  "delete the member's item": async (actor) => {
    const item = await membersItem();
    await w.client(actor).from("activity").delete().eq("id", item.id);
    return (await count("select 1 from public.activity where id = $1", [item.id])) === 0;
  },
  "put an item into the member's inbox": async (actor) => {
    const message = await messageBy(w.base, author.id, w.base.publicChannelId, "planted");
    await w.client(actor).from("activity").insert({
      user_id: w.people.member.id,
      kind: "mention",
      workspace_id: w.base.workspaceId,
      channel_id: w.base.publicChannelId,
      message_id: message.id,
    });
    return (await count("select 1 from public.activity where message_id = $1", [message.id])) === 1;
  },
  "receive the member's new item (postgres_changes)": async (actor, allowed) => {
    const { joined, events } = await activityChanges(actor, "INSERT");
    await membersItem();
    return joined && (await arrives(events, allowed));
  },
  "learn whose item went away (DELETE filtered by user_id)": async (actor, allowed) => {
    const item = await membersItem();
    const { joined, events } = await activityChanges(actor, "DELETE");
    await author.client.from("messages").update({ deleted_at: new Date().toISOString() }).eq("id", item.messageId);
    return joined && (await arrives(events, allowed));
  },
  "get an item when mentioned in the open channel": async (actor) => {
    const messageId = await mention(idOf(actor));
    return (
      (await count("select 1 from public.activity where message_id = $1 and user_id = $2", [
        messageId,
        idOf(actor),
      ])) === 1
    );
  },
  "get an item when mentioned in the private channel": async (actor) => {
    const messageId = await mention(idOf(actor), w.base.privateChannelId);
    return (
      (await count("select 1 from public.activity where message_id = $1 and user_id = $2", [
        messageId,
        idOf(actor),
      ])) === 1
    );
  },
  "get an item when their message gets a reaction": async (actor) => {
    const message = await messageBy(w.base, idOf(actor) ?? author.id, w.base.publicChannelId, "react to me");
    const { error } = await author.client.from("reactions").insert({ message_id: message.id, emoji: "🎉" });
    if (error) throw new Error(`reacting: ${error.message}`);
    return (
      (await count("select 1 from public.activity where message_id = $1 and user_id = $2 and kind = 'reaction'", [
        message.id,
        idOf(actor),
      ])) === 1
    );
  },
  "see the member's follow": async (actor) => {
    const follow = await membersFollow();
    const { data } = await w.client(actor).from("thread_follows").select("id").eq("id", follow.id);
    return (data ?? []).length === 1;
  },
  "unfollow the member's follow": async (actor) => {
    const follow = await membersFollow();
    await w.client(actor).from("thread_follows").update({ following: false }).eq("id", follow.id);
    return (await count("select 1 from public.thread_follows where id = $1 and not following", [follow.id])) === 1;
  },
  "follow a thread for the member": async (actor) => {
    const parent = await messageBy(w.base, author.id, w.base.publicChannelId, "a thread");
    await w.client(actor).from("thread_follows").insert({ user_id: w.people.member.id, message_id: parent.id });
    return (await count("select 1 from public.thread_follows where message_id = $1", [parent.id])) === 1;
  },
  "follow a thread in the open channel": async (actor) => {
    const parent = await messageBy(w.base, author.id, w.base.publicChannelId, "a thread");
    await w.client(actor).rpc("set_thread_following", { message_id: parent.id, following: true });
    return (await count("select 1 from public.thread_follows where message_id = $1 and following", [parent.id])) === 1;
  },
  "follow a thread in the private channel": async (actor) => {
    const parent = await messageBy(w.base, author.id, w.base.privateChannelId, "a secret thread");
    await w.client(actor).rpc("set_thread_following", { message_id: parent.id, following: true });
    return (await count("select 1 from public.thread_follows where message_id = $1 and following", [parent.id])) === 1;
  },
  "restrict @channel in a channel the member created": async (actor) => {
    const id = await membersChannel();
    await w.client(actor).from("channels").update({ broadcast_mentions: "admins" }).eq("id", id);
    return (await count("select 1 from public.channels where id = $1 and broadcast_mentions = 'admins'", [id])) === 1;
  },
  "write @channel in a restricted channel": async (actor) => {
    const id = await membersChannel();
    await w.base.sql("update public.channels set broadcast_mentions = 'admins' where id = $1", [id]);
    return posted(actor, id, `@channel listen ${randomUUID()}`);
  },
  "write @here in an unrestricted channel": async (actor) => {
    const id = await membersChannel();
    return posted(actor, id, `@here listen ${randomUUID()}`);
  },
};

describe("activity inbox and mentions: each inbox is its owner's alone", () => {
  const cases = parseMatrix<[string, string]>(ACTIVITY_MATRIX, 2).map(
    ({ labels: [, action], actor, allowed }) => [actor, action, allowed] as const,
  );
  it.each(cases)("%s: %s → allowed %s", async (actor, action, allowed) => {
    const attempt = attempts[action];
    if (!attempt) throw new Error(`no attempt for ${action}`);
    expect(await attempt(actor, allowed)).toBe(allowed);
  });
});
