import { writeFile } from "node:fs/promises";
import path from "node:path";
import { decodeProtectedHeader, importJWK, jwtVerify } from "jose";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TestStack } from "../support/test-stack.ts";
import { invokeFunction } from "./support/invoke-function.ts";
import { anonymousClient, signIn, type Person } from "./support/people.ts";
import { startParleyStack } from "./support/parley-stack.ts";
import { startPushService, type PushRequest, type PushService } from "./support/push-service.ts";
import { pushSubscriber, type PushSubscriber } from "./support/push-subscriber.ts";
import { buildWorld, spareMember, type World } from "./support/world.ts";

const APP_URL = "http://app.parley.test";

let t: TestStack;
let w: World;
let push: PushService;
let slug: string;
beforeAll(async () => {
  push = await startPushService();
  // The stack's Deno trusts the test push service's certificate authority (as it would a proxy's).
  process.env.DENO_CERT = push.caFile;
  t = await startParleyStack();
  w = await buildWorld(t);
  const status = t.stack.status();
  // The test push service is on loopback: allowed here through the documented operator settings
  // (the push service list names it; private addresses allowed), never by default.
  await writeFile(
    path.join(t.project.workdir, "supabase", "functions", ".env"),
    `PARLEY_APP_URL=${APP_URL}\nPARLEY_OUTBOUND_ALLOW_PRIVATE_ADDRESSES=true\n`,
  );
  await w.sql("update private.web_push_settings set push_service_hosts = array['127.0.0.1']");
  // The stack has no Vault: the database finds the API URL and the service key in the settings row.
  await w.sql("update private.missed_activity_settings set project_url = $1, service_role_key = $2", [
    status.API_URL,
    status.SERVICE_ROLE_KEY,
  ]);
  [{ slug }] = (await w.sql<{ slug: string }>("select slug from public.workspaces where id = $1", [w.workspaceId])) as [
    { slug: string },
  ];
}, 120_000);
afterAll(async () => {
  await t?.close();
  await push?.close();
  delete process.env.DENO_CERT;
});

/** The backend's VAPID public key, as the app asks for it. */
async function backendPublicKey(person: Person): Promise<string> {
  const { status, body } = await invokeFunction((await signIn(t, person)).client, "web-push-key", {});
  expect(status).toBe(200);
  return body.public_key as string;
}

/** A person's browser subscribes (through the app's RPC) with a fresh subscription at the test push service. */
async function subscribe(person: Person): Promise<PushSubscriber> {
  const subscriber = pushSubscriber(push.origin);
  const { error } = await person.client.rpc("save_push_subscription", {
    endpoint: subscriber.endpoint,
    p256dh: subscriber.p256dh,
    auth: subscriber.auth,
    user_agent: "test browser",
  });
  expect(error).toBeNull();
  return subscriber;
}

/** The owner mentions someone in a channel through supabase-js; returns the message's id. */
async function mention(person: Person, channelId = w.publicChannelId, text = "can you look?"): Promise<string> {
  const { data, error } = await w.people.owner.client
    .from("messages")
    .insert({ channel_id: channelId, body: `<@${person.id}> ${text}` })
    .select("id")
    .single();
  expect(error).toBeNull();
  return (data as { id: string }).id;
}

async function activityId(person: Person, messageId: string): Promise<string> {
  const [row] = await w.sql<{ id: string }>("select id from public.activity where user_id = $1 and message_id = $2", [
    person.id,
    messageId,
  ]);
  return row?.id ?? "";
}

/** Waits until every request the database queued through pg_net has its answer (so each function call has finished). */
async function untilDatabaseRequestsAnswered(): Promise<void> {
  const deadline = Date.now() + 30_000;
  for (;;) {
    const [state] = await w.sql<{ settled: boolean }>(
      `select (select count(*) from net._http_response) =
              (select case when is_called then last_value else 0 end from net.http_request_queue_id_seq) as settled`,
    );
    if (state?.settled) return;
    if (Date.now() > deadline) throw new Error("pg_net requests still unanswered");
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** The VAPID claims of a push request, verified with the key in its own `k=` (RFC 8292 §3). */
async function verifiedVapid(request: PushRequest): Promise<{ key: string; claims: Record<string, unknown> }> {
  const header = request.headers.authorization ?? "";
  const match = /^vapid t=([^,\s]+),\s*k=([A-Za-z0-9_-]+)$/.exec(header);
  expect(match, header).not.toBeNull();
  const [, token = "", key = ""] = match ?? [];
  const point = Buffer.from(key, "base64url");
  const publicKey = await importJWK(
    {
      kty: "EC",
      crv: "P-256",
      x: point.subarray(1, 33).toString("base64url"),
      y: point.subarray(33, 65).toString("base64url"),
    },
    "ES256",
  );
  expect(decodeProtectedHeader(token).alg).toBe("ES256");
  const { payload } = await jwtVerify(token, publicKey, { algorithms: ["ES256"] });
  return { key, claims: payload };
}

describe("Web Push delivery", () => {
  it("gives signed-in people the backend's VAPID public key, the same on every call, and nobody else", async () => {
    const key = await backendPublicKey(w.people.member);
    expect(Buffer.from(key, "base64url")).toHaveLength(65);
    expect(await backendPublicKey(w.people.owner)).toBe(key);
    const anonymous = await invokeFunction(anonymousClient(t), "web-push-key", {});
    expect(anonymous.status).toBe(401);
  });

  it("sends a mention as an encrypted push request signed with the backend's VAPID key", async () => {
    const ben = await spareMember(w, "ben");
    const subscriber = await subscribe(ben);
    const messageId = await mention(ben);

    const request = await push.requestFor(subscriber.endpointPath);
    const { key, claims } = await verifiedVapid(request);
    expect(key).toBe(await backendPublicKey(ben));
    expect(claims.aud).toBe(push.origin);
    const now = Date.now() / 1000;
    expect(claims.exp).toBeGreaterThan(now);
    expect(claims.exp).toBeLessThanOrEqual(now + 24 * 3600);
    expect(request.headers["content-encoding"]).toBe("aes128gcm");
    expect(Number(request.headers.ttl)).toBeGreaterThan(0);
    expect(request.headers.urgency).toBe("high");
    expect(subscriber.decrypt(request.body)).toEqual({
      title: "owner mentioned you in #open",
      body: "@ben can you look?",
      url: `${APP_URL}/en/w/${slug}/c/${w.publicChannelId}?message=${messageId}`,
      tag: `activity:${await activityId(ben, messageId)}`,
      lang: "en",
    });
  });

  it("sends a formatted message's body as plain text", async () => {
    const finn = await spareMember(w, "finn");
    const subscriber = await subscribe(finn);
    await mention(
      finn,
      w.publicChannelId,
      "**please** review ~~this~~ `build.sh` and [the docs](https://docs.example.com)\n\n> quoted\n\n```sh\nnpm ci\nnpm test\n```",
    );

    const request = await push.requestFor(subscriber.endpointPath);
    expect((subscriber.decrypt(request.body) as { body: string }).body).toBe(
      "@finn please review this build.sh and the docs quoted npm ci …",
    );
  });

  it.each([
    [
      "a muted conversation",
      (p: Person) => p.client.from("conversation_preferences").insert({ channel_id: w.publicChannelId, muted: true }),
    ],
    [
      "the person's quiet hours",
      async (p: Person) => {
        const [local] = await w.sql<{ now: string }>("select (now() at time zone 'Asia/Tokyo')::time as now");
        const hour = Number(local?.now.slice(0, 2));
        const at = (h: number) => `${String((h + 24) % 24).padStart(2, "0")}:00`;
        return p.client
          .from("notification_preferences")
          .insert({ time_zone: "Asia/Tokyo", dnd_start: at(hour - 1), dnd_end: at(hour + 1) });
      },
    ],
  ])("sends nothing for a mention in %s", async (_, arrange) => {
    const cleo = await spareMember(w, "cleo");
    const subscriber = await subscribe(cleo);
    const { error } = await arrange(cleo);
    expect(error).toBeNull();
    const quiet = await mention(cleo, w.publicChannelId, "quiet please");
    // A later mention the person does hear of; once every call the database made has finished, the
    // push service has all there is for this person.
    await w.sql("update public.conversation_preferences set muted = false where user_id = $1", [cleo.id]);
    await w.sql("delete from public.notification_preferences where user_id = $1", [cleo.id]);
    const heard = await mention(cleo, w.otherPublicChannelId, "now you hear me");
    await push.requestFor(subscriber.endpointPath);
    await untilDatabaseRequestsAnswered();
    const toCleo = push.received.filter((r) => r.path === subscriber.endpointPath);
    expect(toCleo.map((r) => (subscriber.decrypt(r.body) as { tag: string }).tag)).toEqual([
      `activity:${await activityId(cleo, heard)}`,
    ]);
    expect(await activityId(cleo, quiet)).not.toBe("");
  });

  it("removes a subscription the push service answers 410 Gone for", async () => {
    const dana = await spareMember(w, "dana");
    const subscriber = await subscribe(dana);
    push.answer(subscriber.endpointPath, 410);
    await mention(dana);
    await push.requestFor(subscriber.endpointPath);
    const deadline = Date.now() + 30_000;
    for (;;) {
      const { data } = await dana.client.from("push_subscriptions").select("id");
      if (data?.length === 0) break;
      if (Date.now() > deadline) throw new Error("the subscription was not removed");
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  });

  it("answers 401 to anyone but the database", async () => {
    const member = await invokeFunction(w.people.member.client, "web-push-send", {
      activity_id: "00000000-0000-4000-8000-000000000000",
    });
    expect(member.status).toBe(401);
    const anonymous = await invokeFunction(anonymousClient(t), "web-push-send", {});
    expect(anonymous.status).toBe(401);
  });
});
