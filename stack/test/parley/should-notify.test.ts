import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TestStack } from "../support/test-stack.ts";
import { startParleyStack } from "./support/parley-stack.ts";
import { messageBy, spareMember, buildWorld, type World } from "./support/world.ts";

let t: TestStack;
let w: World;
beforeAll(async () => {
  t = await startParleyStack();
  w = await buildWorld(t);
}, 120_000);
afterAll(() => t?.close());

/** What a case arranges for the recipient `$1` in the world's public channel `$2` (SQL as the database owner). */
const CASES: [string, string[], "mention" | "plain", boolean][] = [
  ["a mention, no preferences", [], "mention", true],
  ["a plain message, no preferences (mentions and DMs by default)", [], "plain", false],
  ["a plain message in a joined channel, notify on all", ["join", "all"], "plain", true],
  ["a plain message in a channel not joined, notify on all", ["all"], "plain", false],
  ["a mention, notify on nothing", ["nothing"], "mention", false],
  ["a mention, the conversation set to mentions over nothing", ["nothing", "conversation-mentions"], "mention", true],
  ["a plain message, the conversation set to all over mentions", ["join", "conversation-all"], "plain", true],
  ["a mention in a muted conversation", ["mute"], "mention", false],
  ["a mention while snoozed", ["snoozed"], "mention", false],
  ["a mention after the snooze ended", ["snooze-ended"], "mention", true],
  ["a mention in quiet hours", ["quiet-now"], "mention", false],
  ["a mention outside quiet hours", ["quiet-later"], "mention", true],
  ["a deleted mention", ["deleted"], "mention", false],
];

const ARRANGE: Record<string, string> = {
  join: "insert into public.channel_members (channel_id, user_id) values ($2, $1)",
  all: "insert into public.notification_preferences (user_id, notify_on) values ($1, 'all')",
  nothing: "insert into public.notification_preferences (user_id, notify_on) values ($1, 'nothing')",
  "conversation-mentions":
    "insert into public.conversation_preferences (user_id, channel_id, notify_on) values ($1, $2, 'mentions')",
  "conversation-all":
    "insert into public.conversation_preferences (user_id, channel_id, notify_on) values ($1, $2, 'all')",
  mute: "insert into public.conversation_preferences (user_id, channel_id, muted) values ($1, $2, true)",
  snoozed:
    "insert into public.notification_preferences (user_id, snoozed_until) values ($1, now() + interval '1 hour')",
  "snooze-ended":
    "insert into public.notification_preferences (user_id, snoozed_until) values ($1, now() - interval '1 minute')",
  "quiet-now": `insert into public.notification_preferences (user_id, time_zone, dnd_start, dnd_end)
    values ($1, 'America/Sao_Paulo', ((now() at time zone 'America/Sao_Paulo') - interval '1 hour')::time,
            ((now() at time zone 'America/Sao_Paulo') + interval '1 hour')::time)`,
  "quiet-later": `insert into public.notification_preferences (user_id, time_zone, dnd_start, dnd_end)
    values ($1, 'America/Sao_Paulo', ((now() at time zone 'America/Sao_Paulo') + interval '2 hours')::time,
            ((now() at time zone 'America/Sao_Paulo') + interval '3 hours')::time)`,
};

describe("private.should_notify(person, message)", () => {
  it.each(CASES)("%s → %s", async (_, steps, kind, expected) => {
    const person = await spareMember(w, "recipient");
    const [profile] = await w.sql<{ username: string }>("select username from public.profiles where id = $1", [
      person.id,
    ]);
    for (const step of steps.filter((s) => s !== "deleted")) {
      const statement = ARRANGE[step];
      if (!statement) throw new Error(`no step ${step}`);
      await w.sql(statement, statement.includes("$2") ? [person.id, w.publicChannelId] : [person.id]);
    }
    const body = kind === "mention" ? `hello @${profile?.username}` : "hello everyone";
    const message = await messageBy(w, w.people.owner.id, w.publicChannelId, body);
    if (steps.includes("deleted"))
      await w.sql("update public.messages set deleted_at = now() where id = $1", [message.id]);
    const [answer] = await w.sql<{ notify: boolean }>("select private.should_notify($1, $2) as notify", [
      person.id,
      message.id,
    ]);
    expect(answer?.notify).toBe(expected);
  });

  it("never notifies the author, nor someone who cannot read the channel", async () => {
    const [admin] = await w.sql<{ username: string }>("select username from public.profiles where id = $1", [
      w.people.admin.id,
    ]);
    // The admin is mentioned but is not in the private channel, so cannot read it.
    const message = await messageBy(w, w.people.owner.id, w.privateChannelId, `@${admin?.username} secret`);
    const rows = await w.sql<{ author: boolean; admin: boolean; outsider: boolean }>(
      `select private.should_notify($1, $4) as author, private.should_notify($2, $4) as admin,
              private.should_notify($3, $4) as outsider`,
      [w.people.owner.id, w.people.admin.id, w.people.outsider.id, message.id],
    );
    expect(rows[0]).toEqual({ author: false, admin: false, outsider: false });
  });

  it("refuses a time zone PostgreSQL does not know (23514)", async () => {
    const { error, status } = await w.people.member.client
      .from("notification_preferences")
      .insert({ time_zone: "Mars/Olympus_Mons" });
    expect(status).toBe(400);
    expect(error).toMatchObject({ code: "23514" });
  });
});
