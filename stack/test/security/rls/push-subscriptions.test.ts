import { randomBytes, randomUUID } from "node:crypto";
import type { SupabaseClient } from "@supabase/supabase-js";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { TestStack } from "../../support/test-stack.ts";
import { startParleyStack } from "../../parley/support/parley-stack.ts";
import { buildWorld, messageBy, type Actor, type World } from "../../parley/support/world.ts";
import { parseMatrix } from "../support/security-world.ts";
import { PUSH_SUBSCRIPTION_MATRIX } from "./push-subscriptions-matrix.ts";

const ACTORS = ["member", "owner", "admin", "outsider", "anon"] as const satisfies readonly Actor[];
/** Endpoints at a known push service (Mozilla's), as the save-time check requires; nothing is sent here. */
const PUSH_SERVICE = "https://updates.push.services.mozilla.com/wpush/v2";
const MEMBER_ENDPOINT = `${PUSH_SERVICE}/member-browser`;
/** A key of the right shape (65 bytes, base64url), and an auth secret (16 bytes). */
const fakeKeys = () => ({
  p256dh: Buffer.concat([Buffer.from([4]), randomBytes(64)]).toString("base64url"),
  auth: randomBytes(16).toString("base64url"),
});

let t: TestStack;
let w: World;
let activityId: string;
beforeAll(async () => {
  t = await startParleyStack();
  w = await buildWorld(t);
  const message = await messageBy(w, w.people.owner.id, w.publicChannelId, `<@${w.people.member.id}> hi`);
  const [activity] = await w.sql<{ id: string }>("select id from public.activity where message_id = $1", [message.id]);
  activityId = activity?.id ?? "";
}, 120_000);
afterAll(() => t?.close());

/** The member's one subscription and the VAPID keys, as they stand before every case. */
beforeEach(async () => {
  await w.sql("delete from public.push_subscriptions");
  await w.sql("delete from private.web_push_vapid_keys");
  const keys = fakeKeys();
  await w.sql("insert into public.push_subscriptions (user_id, endpoint, p256dh, auth) values ($1, $2, $3, $4)", [
    w.people.member.id,
    MEMBER_ENDPOINT,
    keys.p256dh,
    keys.auth,
  ]);
  await w.sql(
    `insert into private.web_push_vapid_keys (public_key, private_jwk) values ($1, '{"kty":"EC","d":"original"}')`,
    [keys.p256dh],
  );
});

const one = async (text: string, values: unknown[] = []) => (await w.sql(text, values))[0];
const memberRow = () =>
  w.sql<{ user_id: string; auth: string }>("select user_id, auth from public.push_subscriptions where endpoint = $1", [
    MEMBER_ENDPOINT,
  ]);
const actorId = () => (currentActor === "anon" ? "00000000-0000-4000-8000-000000000000" : w.people[currentActor].id);
let currentActor: (typeof ACTORS)[number] = "member";
let answer: { data: unknown; error: unknown } | undefined;

/** Each action: what the actor tries through supabase-js, then whether it took effect (as the database owner sees it). */
const ACTIONS: Record<string, { act(client: SupabaseClient): PromiseLike<unknown>; happened(): Promise<boolean> }> = {
  "read the member's push subscriptions": {
    act: (c) => c.from("push_subscriptions").select("endpoint").eq("user_id", w.people.member.id),
    happened: async () => Array.isArray(answer?.data) && answer.data.length > 0,
  },
  "delete the member's push subscription": {
    act: (c) => c.from("push_subscriptions").delete().eq("endpoint", MEMBER_ENDPOINT),
    happened: async () => (await memberRow()).length === 0,
  },
  "change the member's subscription keys": {
    act: (c) =>
      c.from("push_subscriptions").update({ auth: "changed-changed-changed" }).eq("endpoint", MEMBER_ENDPOINT),
    happened: async () => (await memberRow())[0]?.auth === "changed-changed-changed",
  },
  "move the member's subscription to themselves": {
    act: (c) => c.from("push_subscriptions").update({ user_id: actorId() }).eq("endpoint", MEMBER_ENDPOINT),
    happened: async () => (await memberRow())[0]?.user_id !== w.people.member.id,
  },
  "insert a subscription in the member's name": {
    act: (c) =>
      c.from("push_subscriptions").insert({
        user_id: w.people.member.id,
        endpoint: `${PUSH_SERVICE}/${randomUUID()}`,
        ...fakeKeys(),
      }),
    happened: async () =>
      (await one("select count(*)::int as n from public.push_subscriptions where user_id = $1", [w.people.member.id]))
        ?.n === 2,
  },
  "insert a subscription for themselves": {
    act: (c) => c.from("push_subscriptions").insert({ endpoint: `${PUSH_SERVICE}/${randomUUID()}`, ...fakeKeys() }),
    happened: async () =>
      (await one("select 1 from public.push_subscriptions where user_id = $1 and endpoint <> $2", [
        actorId(),
        MEMBER_ENDPOINT,
      ])) !== undefined,
  },
  "save a subscription for themselves (save_push_subscription)": {
    act: (c) =>
      c.rpc("save_push_subscription", {
        endpoint: `${PUSH_SERVICE}/${randomUUID()}`,
        ...fakeKeys(),
        user_agent: "test",
      }),
    happened: async () =>
      (await one("select 1 from public.push_subscriptions where user_id = $1 and endpoint <> $2", [
        actorId(),
        MEMBER_ENDPOINT,
      ])) !== undefined,
  },
  "take over the member's endpoint (save_push_subscription)": {
    act: (c) => c.rpc("save_push_subscription", { endpoint: MEMBER_ENDPOINT, ...fakeKeys() }),
    happened: async () => {
      const [row] = await memberRow();
      return row !== undefined && row.user_id === actorId() && answer?.error === null;
    },
  },
  "insert a subscription whose endpoint is not https": {
    act: (c) => c.rpc("save_push_subscription", { endpoint: "http://127.0.0.1:54321/rest/v1/", ...fakeKeys() }),
    happened: async () =>
      (await one("select 1 from public.push_subscriptions where endpoint like 'http:%'")) !== undefined,
  },
  "save a subscription whose endpoint is not at a known push service": {
    act: (c) => c.rpc("save_push_subscription", { endpoint: "https://127.0.0.1:54321/rest/v1/", ...fakeKeys() }),
    happened: async () =>
      (await one("select 1 from public.push_subscriptions where endpoint like 'https://127.0.0.1%'")) !== undefined,
  },
  "read the push service list (web_push_service_hosts)": {
    act: (c) => c.rpc("web_push_service_hosts"),
    happened: async () => Array.isArray(answer?.data),
  },
  "read the VAPID private key (web_push_vapid_keys)": {
    act: (c) => c.rpc("web_push_vapid_keys"),
    happened: async () => Array.isArray(answer?.data) && answer.data.length > 0,
  },
  "replace the VAPID keys (keep_web_push_vapid_keys)": {
    act: async (c) => {
      await w.sql("delete from private.web_push_vapid_keys");
      return c.rpc("keep_web_push_vapid_keys", {
        generated_public_key: fakeKeys().p256dh,
        generated_private_jwk: { kty: "EC", d: "attacker" },
      });
    },
    happened: async () => (await one("select 1 from private.web_push_vapid_keys")) !== undefined,
  },
  "read what is pushed to the member (web_push_delivery)": {
    act: (c) => c.rpc("web_push_delivery", { activity_id: activityId }),
    happened: async () => Array.isArray(answer?.data) && answer.data.length > 0,
  },
};

describe("push subscriptions and VAPID keys belong to their person and the backend", () => {
  it("the world has an activity row the member would be pushed", () => {
    expect(activityId).not.toBe("");
  });

  const cases = parseMatrix<[string], (typeof ACTORS)[number]>(PUSH_SUBSCRIPTION_MATRIX, 1, ACTORS);
  it.each(cases.map((c) => [c.labels[0], c.actor, c.mark, c.allowed] as const))(
    "%s as %s: %s",
    async (action, actor, _mark, allowed) => {
      const entry = ACTIONS[action];
      if (!entry) throw new Error(`no action ${action}`);
      currentActor = actor;
      answer = (await entry.act(w.client(actor))) as { data: unknown; error: unknown };
      expect(await entry.happened()).toBe(allowed);
    },
  );
});
