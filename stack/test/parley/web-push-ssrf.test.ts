import { writeFile } from "node:fs/promises";
import path from "node:path";
import type { SupabaseClient } from "@supabase/supabase-js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testClient } from "../support/client.ts";
import type { TestStack } from "../support/test-stack.ts";
import { invokeFunction } from "./support/invoke-function.ts";
import type { Person } from "./support/people.ts";
import { startParleyStack } from "./support/parley-stack.ts";
import { startPushService, type PushService } from "./support/push-service.ts";
import { pushSubscriber } from "./support/push-subscriber.ts";
import { buildWorld, messageBy, spareMember, type World } from "./support/world.ts";

// Security issue #31, item 2: a push subscription's endpoint is whatever a signed-in person saves,
// and web-push-send posts to it. Two HTTPS listeners on loopback stand for the server's own
// services: `internal` (say, an admin API) and `redirecting` (answers 307 towards `internal`, the
// way a 307 once turned a push into `POST https://127.0.0.1:<port>/internal-admin/…`). Neither may
// ever receive a connection from the backend.

let t: TestStack;
let w: World;
let internal: PushService;
let redirecting: PushService;
let database: SupabaseClient;
const DEFAULT_HOSTS = ["fcm.googleapis.com", "*.push.services.mozilla.com", "*.push.apple.com", "*.notify.windows.com"];

beforeAll(async () => {
  [internal, redirecting] = await Promise.all([startPushService(), startPushService()]);
  // Deno trusts the redirecting listener's certificate (so a request to it succeeds); a connection
  // to either listener is counted whether or not its TLS handshake then succeeds.
  process.env.DENO_CERT = redirecting.caFile;
  t = await startParleyStack();
  w = await buildWorld(t);
  database = testClient(t.url, t.stack.status().SERVICE_ROLE_KEY);
  redirecting.redirect("/push/redirecting", `${internal.origin}/internal-admin/reset`);
}, 120_000);
afterAll(async () => {
  await t?.close();
  await Promise.all([internal?.close(), redirecting?.close()]);
  delete process.env.DENO_CERT;
});

const setPushServiceHosts = (hosts: string[]) =>
  w.sql("update private.web_push_settings set push_service_hosts = $1", [hosts]);

/** Subscriptions as they may exist from before the save-time check: inserted past its trigger. */
async function existingSubscriptions(person: Person, endpoints: string[]): Promise<void> {
  await w.sql("alter table public.push_subscriptions disable trigger user");
  try {
    for (const endpoint of endpoints) {
      const { p256dh, auth } = pushSubscriber("https://unused.test");
      await w.sql("insert into public.push_subscriptions (user_id, endpoint, p256dh, auth) values ($1, $2, $3, $4)", [
        person.id,
        endpoint,
        p256dh,
        auth,
      ]);
    }
  } finally {
    await w.sql("alter table public.push_subscriptions enable trigger user");
  }
}

/** The owner mentions `person`; then web-push-send is called for that activity as the database calls it. */
async function pushMentionTo(person: Person): Promise<Record<string, unknown>> {
  const message = await messageBy(w, w.people.owner.id, w.publicChannelId, `<@${person.id}> look`);
  const [activity] = await w.sql<{ id: string }>("select id from public.activity where message_id = $1", [message.id]);
  const { status, body } = await invokeFunction(database, "web-push-send", { activity_id: activity?.id });
  expect(status).toBe(200);
  return body;
}

const port = (service: PushService) => new URL(service.origin).port;

describe("Web Push endpoints cannot make the backend reach its own network", () => {
  it("refuses, when it is saved, an endpoint that is not at a known push service", async () => {
    const saver = await spareMember(w, "saver");
    const keys = pushSubscriber("https://unused.test");
    const save = (endpoint: string) =>
      saver.client.rpc("save_push_subscription", { endpoint, p256dh: keys.p256dh, auth: keys.auth });
    for (const endpoint of [
      `${internal.origin}/push/a`,
      `https://localhost:${port(internal)}/push/b`,
      `https://fcm.googleapis.com@127.0.0.1:${port(internal)}/push/c`,
      `https://[::ffff:127.0.0.1]:${port(internal)}/push/d`,
      "https://push.example.test/push/e",
    ]) {
      const { error } = await save(endpoint);
      expect(error, endpoint).toMatchObject({
        code: "23514",
        message: expect.stringMatching(/not a known push service/),
      });
    }
    const direct = await saver.client
      .from("push_subscriptions")
      .insert({ endpoint: `${internal.origin}/push/f`, p256dh: keys.p256dh, auth: keys.auth });
    expect(direct.error?.code).toBe("23514");

    for (const endpoint of [
      "https://fcm.googleapis.com/fcm/send/abc:def",
      "https://updates.push.services.mozilla.com/wpush/v2/gAAAAA",
      "https://web.push.apple.com/QGuQyavXutnMH",
      "https://wns2-db5p.notify.windows.com/w/?token=BQYAAAA",
    ])
      expect((await save(endpoint)).error, endpoint).toBeNull();
    expect(internal.connections()).toBe(0);
  });

  it("never connects to a loopback or redirecting endpoint saved before the check", async () => {
    const olga = await spareMember(w, "olga");
    await existingSubscriptions(olga, [`${internal.origin}/push/internal`, `${redirecting.origin}/push/redirecting`]);
    const answer = await pushMentionTo(olga);
    expect(internal.connections()).toBe(0);
    expect(redirecting.connections()).toBe(0);
    expect(answer).toEqual({ sent: 0, removed: 0, failed: 0, refused: 2 });
    // Refused is not gone: the rows stay (the list may be changed), for their person to remove.
    const { data } = await olga.client.from("push_subscriptions").select("endpoint");
    expect(data).toHaveLength(2);
  });

  it("never connects to a loopback address, even where the push service list names it", async () => {
    await setPushServiceHosts(["127.0.0.1", "localhost", "[::ffff:7f00:1]"]);
    try {
      const pia = await spareMember(w, "pia");
      await existingSubscriptions(pia, [
        `${internal.origin}/push/literal`,
        `https://localhost:${port(internal)}/push/by-name`,
        `https://[::ffff:127.0.0.1]:${port(internal)}/push/ipv4-mapped`,
      ]);
      const answer = await pushMentionTo(pia);
      expect(internal.connections()).toBe(0);
      expect(answer).toEqual({ sent: 0, removed: 0, failed: 0, refused: 3 });
    } finally {
      await setPushServiceHosts(DEFAULT_HOSTS);
    }
  });

  it("never follows a redirect, even where the operator allows private addresses", async () => {
    await writeFile(
      path.join(t.project.workdir, "supabase", "functions", ".env"),
      "PARLEY_OUTBOUND_ALLOW_PRIVATE_ADDRESSES=true\n",
    );
    await setPushServiceHosts(["127.0.0.1"]);
    try {
      const rudi = await spareMember(w, "rudi");
      redirecting.redirect("/push/rudi", `${internal.origin}/internal-admin/reset`);
      await existingSubscriptions(rudi, [`${redirecting.origin}/push/rudi`]);
      const internalBefore = internal.connections();
      const toRudi = () => redirecting.received.filter((r) => r.path === "/push/rudi");
      // The stack restarts the function when it sees the new .env; until then the old worker
      // refuses the loopback endpoint without connecting. Ask again until the request is made.
      const deadline = Date.now() + 30_000;
      let answer = await pushMentionTo(rudi);
      while (toRudi().length === 0 && Date.now() < deadline) answer = await pushMentionTo(rudi);
      expect(toRudi()).toHaveLength(1);
      expect(internal.connections()).toBe(internalBefore);
      expect(answer).toEqual({ sent: 0, removed: 0, failed: 0, refused: 1 });
    } finally {
      await setPushServiceHosts(DEFAULT_HOSTS);
    }
  });
});
