// A change's policy checks run on the `authenticator` pool, one connection per 64 subscribers
// checked. While channels are subscribed, those connections are open and have already run the
// table's check statement before any change is written — the first change after subscribing does
// not wait for new PostgreSQL backends — and they stay open across the pool's idle timeout; once
// nobody is subscribed, the pool closes them again.
import { randomUUID } from "node:crypto";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { startTestStack, type TestStack } from "../support/test-stack.ts";
import { closeClients, eventually, realtimeClient, subscribe, userToken } from "./helpers.ts";

let t: TestStack;
beforeAll(async () => {
  t = await startTestStack("realtime");
});
afterEach(() => closeClients());
afterAll(() => t?.close());

/** The pool's idle timeout (pg's default): an idle connection is closed after this. */
const POOL_IDLE_MS = 10_000;

interface CheckBackend {
  pid: number;
  openForMs: number;
  idleForMs: number;
}

/** `authenticator` backends whose last statement was a policy check of public.messages. */
async function checkBackends(): Promise<CheckBackend[]> {
  const { rows } = await t.stack.db.admin.query<CheckBackend>(
    `select pid,
            (extract(epoch from now() - backend_start) * 1000)::float8 as "openForMs",
            (extract(epoch from now() - state_change) * 1000)::float8 as "idleForMs"
     from pg_stat_activity
     where application_name = 'parley-stack-api' and query like '%exists(select 1 from "public"."messages" where%'`,
  );
  return rows;
}

/** `count` channels, each on a socket of its own signed in as a different user, on inserts into public.messages. */
async function subscribeUsers(count: number): Promise<void> {
  for (let i = 0; i < count; i += 1) {
    const client = realtimeClient(t);
    await client.realtime.setAuth(await userToken(t, randomUUID()));
    const channel = client
      .channel(`checks-${randomUUID()}`)
      .on("postgres_changes" as never, { event: "INSERT", schema: "public", table: "messages" }, () => undefined);
    expect((await subscribe(channel)).status).toBe("SUBSCRIBED");
  }
}

const checkBackendCount = async () => (await checkBackends()).length;

describe("connections for policy checks", () => {
  it("are open and have run the table's check before the first change, one per 64 subscribers", async () => {
    await subscribeUsers(1);
    await eventually(async () => (await checkBackendCount()) >= 1, "a connection ran the check", 5_000);
    // 66 callers: a change's checks spread over two connections.
    await subscribeUsers(65);
    await eventually(async () => (await checkBackendCount()) >= 2, "two connections ran the check", 5_000);
  });

  it("stay open past the pool's idle timeout while subscribed, and are let go once nobody is", async () => {
    await subscribeUsers(1);
    await eventually(async () => (await checkBackendCount()) >= 1, "a connection ran the check", 5_000);
    await new Promise((resolve) => setTimeout(resolve, POOL_IDLE_MS + 2_000));
    // The same backend, open longer than the pool keeps an idle connection, used again since.
    const kept = (await checkBackends()).filter(
      (backend) => backend.openForMs > POOL_IDLE_MS + 1_000 && backend.idleForMs < POOL_IDLE_MS,
    );
    expect(kept.length).toBeGreaterThanOrEqual(1);
    await closeClients();
    await eventually(async () => (await checkBackendCount()) === 0, "no check connection left", 3 * POOL_IDLE_MS);
  });
});
