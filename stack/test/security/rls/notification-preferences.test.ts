import type { SupabaseClient } from "@supabase/supabase-js";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { TestStack } from "../../support/test-stack.ts";
import { startParleyStack } from "../../parley/support/parley-stack.ts";
import { buildWorld, type Actor, type World } from "../../parley/support/world.ts";
import { parseMatrix } from "../support/security-world.ts";
import { PREFERENCE_MATRIX } from "./notification-preferences-matrix.ts";

const ACTORS = ["member", "owner", "admin", "outsider", "anon"] as const satisfies readonly Actor[];

let t: TestStack;
let w: World;
beforeAll(async () => {
  t = await startParleyStack();
  w = await buildWorld(t);
}, 120_000);
afterAll(() => t?.close());

/** The member's preferences as they stand before every case: notify on mentions, the public channel muted. */
beforeEach(async () => {
  const member = w.people.member.id;
  await w.sql("delete from public.notification_preferences");
  await w.sql("delete from public.conversation_preferences");
  await w.sql("insert into public.notification_preferences (user_id, notify_on) values ($1, 'mentions')", [member]);
  await w.sql("insert into public.conversation_preferences (user_id, channel_id, muted) values ($1, $2, true)", [
    member,
    w.publicChannelId,
  ]);
});

const one = async (text: string, values: unknown[] = []) => (await w.sql(text, values))[0];

/** Each action: what the actor tries through supabase-js, then whether it took effect (as the database owner sees it). */
const ACTIONS: Record<string, { act(client: SupabaseClient): PromiseLike<unknown>; happened(): Promise<boolean> }> = {
  "read the member's notification preferences": {
    act: (c) => c.from("notification_preferences").select("notify_on").eq("user_id", w.people.member.id),
    happened: async () => false,
  },
  "change the member's notification preferences": {
    act: (c) => c.from("notification_preferences").update({ notify_on: "all" }).eq("user_id", w.people.member.id),
    happened: async () =>
      (await one("select 1 from public.notification_preferences where user_id = $1 and notify_on = 'all'", [
        w.people.member.id,
      ])) !== undefined,
  },
  "delete the member's notification preferences": {
    act: (c) => c.from("notification_preferences").delete().eq("user_id", w.people.member.id),
    happened: async () =>
      (await one("select 1 from public.notification_preferences where user_id = $1", [w.people.member.id])) ===
      undefined,
  },
  "create notification preferences for the member": {
    act: async (c) => {
      await w.sql("delete from public.notification_preferences");
      return c.from("notification_preferences").insert({ user_id: w.people.member.id, email_missed: false });
    },
    happened: async () =>
      (await one("select 1 from public.notification_preferences where user_id = $1", [w.people.member.id])) !==
      undefined,
  },
  "read the member's conversation preferences": {
    act: (c) => c.from("conversation_preferences").select("muted").eq("user_id", w.people.member.id),
    happened: async () => false,
  },
  "unmute the member's conversation": {
    act: (c) => c.from("conversation_preferences").update({ muted: false }).eq("user_id", w.people.member.id),
    happened: async () =>
      (await one("select 1 from public.conversation_preferences where user_id = $1 and not muted", [
        w.people.member.id,
      ])) !== undefined,
  },
  "delete the member's conversation preferences": {
    act: (c) => c.from("conversation_preferences").delete().eq("user_id", w.people.member.id),
    happened: async () =>
      (await one("select 1 from public.conversation_preferences where user_id = $1", [w.people.member.id])) ===
      undefined,
  },
  "mute another conversation for the member": {
    act: (c) =>
      c
        .from("conversation_preferences")
        .insert({ user_id: w.people.member.id, channel_id: w.otherPublicChannelId, muted: true }),
    happened: async () =>
      (await one("select 1 from public.conversation_preferences where user_id = $1 and channel_id = $2", [
        w.people.member.id,
        w.otherPublicChannelId,
      ])) !== undefined,
  },
  "mute the private channel for themselves": {
    act: (c) => c.from("conversation_preferences").insert({ channel_id: w.privateChannelId, muted: true }),
    happened: async () =>
      (await one("select 1 from public.conversation_preferences where channel_id = $1", [w.privateChannelId])) !==
      undefined,
  },
  "upsert their own preferences (insert or update)": {
    act: async (c) => {
      const userId = actorId();
      await c.from("notification_preferences").upsert({ user_id: userId, notify_on: "nothing" });
      upserted = await c.from("notification_preferences").upsert({ user_id: userId, notify_on: "all" });
      return upserted;
    },
    happened: async () => upserted?.error === null && upserted.status < 300,
  },
  "move the member's conversation preferences to themselves": {
    act: (c) => c.from("conversation_preferences").update({ user_id: actorId() }).eq("user_id", w.people.member.id),
    happened: async () =>
      (await one("select 1 from public.conversation_preferences where user_id = $1", [w.people.member.id])) ===
      undefined,
  },
  "unsubscribe the member (unsubscribe_missed_activity)": {
    act: (c) => c.rpc("unsubscribe_missed_activity", { person: w.people.member.id }),
    happened: async () =>
      (await one("select 1 from public.notification_preferences where user_id = $1 and not email_missed", [
        w.people.member.id,
      ])) !== undefined,
  },
  "claim the due emails (claim_missed_activity)": {
    act: (c) => c.rpc("claim_missed_activity"),
    happened: async () => claimError === null,
  },
};

let claimError: unknown = null;
let upserted: { error: unknown; status: number } | undefined;
let currentActor: (typeof ACTORS)[number] = "member";
/** The acting person's id (a random one for the signed-out actor). */
const actorId = () => (currentActor === "anon" ? "00000000-0000-4000-8000-000000000000" : w.people[currentActor].id);

describe("notification preferences are private to their person", () => {
  const cases = parseMatrix<[string], (typeof ACTORS)[number]>(PREFERENCE_MATRIX, 1, ACTORS);
  it.each(cases.map((c) => [c.labels[0], c.actor, c.mark, c.allowed] as const))(
    "%s as %s: %s",
    async (action, actor, _mark, allowed) => {
      const entry = ACTIONS[action];
      if (!entry) throw new Error(`no action ${action}`);
      currentActor = actor;
      const result = (await entry.act(w.client(actor))) as { data: unknown; error: unknown };
      if (action.startsWith("read ")) {
        const rows = Array.isArray(result.data) ? result.data : [];
        expect(rows.length > 0).toBe(allowed);
        return;
      }
      if (action.startsWith("claim ")) {
        claimError = result.error;
      }
      expect(await entry.happened()).toBe(allowed);
    },
  );
});
