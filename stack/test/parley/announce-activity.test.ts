import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TestStack } from "../support/test-stack.ts";
import { startParleyStack } from "./support/parley-stack.ts";
import type { Person } from "./support/people.ts";
import { buildWorld, messageBy, spareMember, type World } from "./support/world.ts";

let t: TestStack;
let w: World;
beforeAll(async () => {
  t = await startParleyStack();
  w = await buildWorld(t);
}, 120_000);
afterAll(() => t?.close());

/** Arrangements for the recipient `$1` in the world's public channel `$2` (SQL as the database owner). */
const ARRANGE: Record<string, string> = {
  nothing: "insert into public.notification_preferences (user_id, notify_on) values ($1, 'nothing')",
  mute: "insert into public.conversation_preferences (user_id, channel_id, muted) values ($1, $2, true)",
  "conversation-nothing":
    "insert into public.conversation_preferences (user_id, channel_id, notify_on) values ($1, $2, 'nothing')",
  snoozed:
    "insert into public.notification_preferences (user_id, snoozed_until) values ($1, now() + interval '1 hour')",
  "quiet-now": `insert into public.notification_preferences (user_id, time_zone, dnd_start, dnd_end)
    values ($1, 'Asia/Tokyo', ((now() at time zone 'Asia/Tokyo') - interval '1 hour')::time,
            ((now() at time zone 'Asia/Tokyo') + interval '1 hour')::time)`,
  read: "update public.activity set read_at = now() where user_id = $1",
};

type Kind = "mention" | "thread_reply" | "direct_message" | "reaction";
/** (what happened, arrangements, the kind of item the recipient gets, whether it is announced) */
const CASES: [string, string[], Kind, boolean][] = [
  ["a mention", [], "mention", true],
  ["a mention in a muted conversation", ["mute"], "mention", false],
  ["a mention while snoozed", ["snoozed"], "mention", false],
  ["a mention in quiet hours", ["quiet-now"], "mention", false],
  ["a mention, notify on nothing", ["nothing"], "mention", false],
  ["a mention already read", ["read"], "mention", false],
  ["a reply in a followed thread", [], "thread_reply", true],
  ["a reply in a followed thread of a muted conversation", ["mute"], "thread_reply", false],
  ["a reply in a followed thread while snoozed", ["snoozed"], "thread_reply", false],
  ["a reply in a followed thread in quiet hours", ["quiet-now"], "thread_reply", false],
  ["a reply in a followed thread, the conversation set to nothing", ["conversation-nothing"], "thread_reply", false],
  ["a direct message", [], "direct_message", true],
  ["a direct message while snoozed", ["snoozed"], "direct_message", false],
  ["a reaction to one's message", [], "reaction", false],
];

/** Makes the owner do what gives `person` an item of `kind`; returns the item's id. */
async function itemOf(person: Person, kind: Kind): Promise<string> {
  let messageId: string;
  if (kind === "mention")
    messageId = (await messageBy(w, w.people.owner.id, w.publicChannelId, `hi <@${person.id}>`)).id;
  else if (kind === "thread_reply") {
    const start = await messageBy(w, person.id, w.publicChannelId, "a thread");
    messageId = (
      await w.insert<{ id: string }>("messages", {
        workspace_id: w.workspaceId,
        channel_id: w.publicChannelId,
        author_id: w.people.owner.id,
        thread_parent_id: start.id,
        body: "a reply",
      })
    ).id;
  } else if (kind === "direct_message") {
    const { data: dm, error } = await w.people.owner.client.rpc("open_direct_conversation", {
      workspace_id: w.workspaceId,
      member_ids: [person.id],
    });
    if (error || typeof dm !== "string") throw new Error(`opening a DM: ${error?.message}`);
    messageId = (await messageBy(w, w.people.owner.id, dm, "psst")).id;
  } else {
    messageId = (await messageBy(w, person.id, w.publicChannelId, "react to me")).id;
    await w.insert("reactions", { message_id: messageId, user_id: w.people.owner.id, emoji: "👍" });
  }
  const [item] = await w.sql<{ id: string; kind: string }>(
    "select id, kind from public.activity where user_id = $1 and message_id = $2",
    [person.id, messageId],
  );
  if (item?.kind !== kind) throw new Error(`expected a ${kind} item, got ${item?.kind}`);
  return item.id;
}

describe("should_announce_activity(activity_id)", () => {
  it.each(CASES)("%s (%j, %s) → announced: %s", async (_, steps, kind, expected) => {
    const person = await spareMember(w, "recipient");
    await w.sql("insert into public.channel_members (channel_id, user_id) values ($1, $2)", [
      w.publicChannelId,
      person.id,
    ]);
    const arrangements = steps.filter((step) => step !== "read");
    for (const step of arrangements) {
      const statement = ARRANGE[step];
      if (!statement) throw new Error(`no step ${step}`);
      await w.sql(statement, statement.includes("$2") ? [person.id, w.publicChannelId] : [person.id]);
    }
    const id = await itemOf(person, kind);
    if (steps.includes("read")) await w.sql(ARRANGE.read ?? "", [person.id]);
    const { data, error } = await person.client.rpc("should_announce_activity", { activity_id: id });
    expect(error).toBeNull();
    expect(data).toBe(expected);
  });

  /** (who asks, expected answer) about a fresh mention of the member: only its person learns anything. */
  const ASKERS: ["owner" | "admin" | "member" | "outsider", boolean][] = [
    ["member", true],
    ["owner", false],
    ["admin", false],
    ["outsider", false],
  ];
  it.each(ASKERS)("asked by %s about the member's mention → %s", async (asker, expected) => {
    const message = await messageBy(w, w.people.owner.id, w.publicChannelId, `hi <@${w.people.member.id}>`);
    const [item] = await w.sql<{ id: string }>(
      "select id from public.activity where user_id = $1 and message_id = $2",
      [w.people.member.id, message.id],
    );
    const { data, error } = await w.client(asker).rpc("should_announce_activity", { activity_id: item?.id });
    expect(error).toBeNull();
    expect(data).toBe(expected);
  });

  it("is not callable anonymously (42501)", async () => {
    const { error, status } = await w
      .client("anon")
      .rpc("should_announce_activity", { activity_id: "00000000-0000-0000-0000-000000000000" });
    expect(status).toBe(401);
    expect(error).toMatchObject({ code: "42501" });
  });

  it("refuses an id that is not a uuid with PostgREST's 22P02, not a 500", async () => {
    const { error, status } = await w.people.member.client.rpc("should_announce_activity", { activity_id: "nope" });
    expect(status).toBe(400);
    expect(error).toMatchObject({ code: "22P02" });
  });
});
