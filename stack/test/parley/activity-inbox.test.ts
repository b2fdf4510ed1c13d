import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TestStack } from "../support/test-stack.ts";
import { startParleyStack } from "./support/parley-stack.ts";
import { signIn, type Person } from "./support/people.ts";
import { buildWorld, spareMember, type World } from "./support/world.ts";

let t: TestStack;
let w: World;
let alice: Person;
let bob: Person;

beforeAll(async () => {
  t = await startParleyStack();
  w = await buildWorld(t);
  alice = await signIn(t, await spareMember(w, "alice"));
  bob = await signIn(t, await spareMember(w, "bob"));
  await w.insert("channel_members", { channel_id: w.publicChannelId, user_id: bob.id });
});
afterAll(async () => {
  await t?.close();
});

async function post(person: Person, body: string, extra: Record<string, unknown> = {}): Promise<string> {
  const { data, error } = await person.client
    .from("messages")
    .insert({ channel_id: w.publicChannelId, body, ...extra })
    .select("id");
  if (error || !data?.[0]) throw new Error(`posting: ${error?.message}`);
  return (data[0] as { id: string }).id;
}

async function inboxOf(person: Person): Promise<{ kind: string; message_id: string; read_at: string | null }[]> {
  const { data, error } = await person.client
    .from("activity")
    .select("kind, message_id, read_at")
    .eq("workspace_id", w.workspaceId)
    .order("created_at", { ascending: false });
  if (error) throw new Error(`reading the inbox: ${error.message}`);
  return data;
}
const kindsFor = async (person: Person, messageId: string) =>
  (await inboxOf(person)).filter((item) => item.message_id === messageId).map((item) => item.kind);

describe("mentions", () => {
  it("stores the id of a `<@id>` token and keeps it when the person is renamed", async () => {
    const id = await post(alice, `hi <@${bob.id}>`);
    await w.sql("update public.profiles set username = $1 where id = $2", [`renamed-${bob.id.slice(0, 6)}`, bob.id]);
    await alice.client
      .from("messages")
      .update({ body: `hi <@${bob.id}>, again` })
      .eq("id", id);
    const { data } = await bob.client.from("messages").select("mentions").eq("id", id).single();
    expect(data?.mentions).toEqual([bob.id]);
    expect(await kindsFor(bob, id)).toEqual(["mention"]);
  });

  it("ignores tokens of people outside the workspace", async () => {
    const id = await post(alice, `hi <@${w.people.outsider.id}>`);
    const { data } = await alice.client.from("messages").select("mentions").eq("id", id).single();
    expect(data?.mentions).toEqual([]);
  });

  it("tells the channel's members about @channel, but not the writer", async () => {
    const id = await post(alice, "@channel standup in five");
    expect(await kindsFor(bob, id)).toEqual(["mention"]);
    expect(await kindsFor(alice, id)).toEqual([]);
  });

  it("tells only the channel's members who are online about @here, by the same rule as the missed-activity email", async () => {
    const [online, away, neverSeen] = await Promise.all(
      ["here-online", "here-away", "here-never"].map(async (label) => signIn(t, await spareMember(w, label))),
    );
    for (const person of [online, away, neverSeen]) {
      await w.insert("channel_members", { channel_id: w.publicChannelId, user_id: person?.id });
    }
    for (const person of [online, away]) expect((await person?.client.rpc("record_presence"))?.error).toBeNull();
    // Seen longer ago than the online window (private.missed_activity_settings.online_window).
    await w.sql(
      `update private.last_seen set seen_at = now() - (select online_window from private.missed_activity_settings) - interval '1 minute'
       where user_id = $1`,
      [away?.id],
    );

    const id = await post(alice, "@here quick question");
    expect(await kindsFor(online as Person, id)).toEqual(["mention"]);
    expect(await kindsFor(away as Person, id)).toEqual([]);
    expect(await kindsFor(neverSeen as Person, id)).toEqual([]);

    const named = await post(alice, `@here and <@${away?.id}> in particular`);
    expect(await kindsFor(away as Person, named)).toEqual(["mention"]);
    expect(await kindsFor(neverSeen as Person, named)).toEqual([]);
  });

  it("tells someone newly mentioned in an edit", async () => {
    const id = await post(alice, "no one yet");
    await alice.client
      .from("messages")
      .update({ body: `now <@${bob.id}>` })
      .eq("id", id);
    expect(await kindsFor(bob, id)).toEqual(["mention"]);
  });
});

describe("threads", () => {
  it("the starter follows once someone replies, hears replies, and stops after unfollowing", async () => {
    const parent = await post(bob, "a question");
    const first = await post(alice, "an answer", { thread_parent_id: parent });
    expect(await kindsFor(bob, first)).toEqual(["thread_reply"]);

    const { error } = await bob.client.rpc("set_thread_following", { message_id: parent, following: false });
    expect(error).toBeNull();
    const second = await post(alice, "another answer", { thread_parent_id: parent });
    expect(await kindsFor(bob, second)).toEqual([]);
  });

  it("a replier follows the thread and hears later replies", async () => {
    const parent = await post(alice, "who is in?");
    await post(bob, "me", { thread_parent_id: parent });
    const later = await post(alice, "great", { thread_parent_id: parent });
    expect(await kindsFor(bob, later)).toEqual(["thread_reply"]);
    const { data } = await bob.client.from("thread_follows").select("following").eq("message_id", parent).single();
    expect(data?.following).toBe(true);
  });

  it("refuses following a reply rather than a thread's first message", async () => {
    const parent = await post(alice, "top");
    const reply = await post(bob, "reply", { thread_parent_id: parent });
    const { error } = await alice.client.rpc("set_thread_following", { message_id: reply, following: true });
    expect(error?.code).toBe("42501");
  });
});

describe("direct messages and reactions", () => {
  it("a DM lands in the other person's inbox", async () => {
    const { data: dm } = await alice.client.rpc("open_direct_conversation", {
      workspace_id: w.workspaceId,
      member_ids: [bob.id],
    });
    const id = await post(alice, "psst", { channel_id: dm });
    expect(await kindsFor(bob, id)).toEqual(["direct_message"]);
  });

  it("a reaction to your message arrives; taking it back removes it", async () => {
    const id = await post(bob, "ship it?");
    const { data: reaction } = await alice.client
      .from("reactions")
      .insert({ message_id: id, emoji: "🚀" })
      .select("id")
      .single();
    expect(await kindsFor(bob, id)).toEqual(["reaction"]);
    await alice.client.from("reactions").delete().eq("id", reaction?.id);
    expect(await kindsFor(bob, id)).toEqual([]);
  });
});

describe("reading", () => {
  it("items are unread until marked; mark_all_activity_read clears them and says how many", async () => {
    await post(alice, `ping <@${bob.id}>`);
    expect((await inboxOf(bob)).some((item) => item.read_at === null)).toBe(true);
    const { data, error } = await bob.client.rpc("mark_all_activity_read", { workspace_id: w.workspaceId });
    expect(error).toBeNull();
    expect(data).toBeGreaterThan(0);
    expect((await inboxOf(bob)).every((item) => item.read_at !== null)).toBe(true);
  });

  it("a deleted message leaves the inbox", async () => {
    const id = await post(alice, `ping <@${bob.id}>`);
    await alice.client.from("messages").update({ deleted_at: new Date().toISOString() }).eq("id", id);
    expect(await kindsFor(bob, id)).toEqual([]);
  });
});
