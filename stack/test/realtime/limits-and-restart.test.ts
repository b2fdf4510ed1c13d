import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { startStack, type StackHandle } from "../../src/index.ts";
import pino from "pino";
import { tempProject, type TempProject } from "../support/project.ts";
import { testClient } from "../support/client.ts";
import { collector, quietPeriod, subscribe } from "./helpers.ts";
import type { SupabaseClient } from "@supabase/supabase-js";

// Low limits for this file's stack only (each test file runs in its own worker).
process.env.PARLEY_STACK_REALTIME_MAX_CHANNELS_PER_CLIENT = "2";
process.env.PARLEY_STACK_REALTIME_MAX_PAYLOAD_SIZE_IN_KB = "1";

let project: TempProject;
let stack: StackHandle;
const clients: SupabaseClient[] = [];
const start = () =>
  startStack({
    workdir: project.workdir,
    dataDir: project.dataDir,
    ports: { api: 0, db: 0, inbucket: 0 },
    logger: pino({ level: "silent" }),
  });
const client = () => {
  const c = testClient(stack.status().API_URL, stack.keys.publishableKey);
  clients.push(c);
  return c;
};

beforeAll(async () => {
  project = await tempProject("realtime");
  stack = await start();
});
afterEach(async () => {
  for (const c of clients.splice(0)) {
    await c.removeAllChannels();
    c.realtime.disconnect();
  }
});
afterAll(async () => {
  await stack?.stop();
  await project?.remove();
});

describe("limits", () => {
  it("refuses a join beyond the channels-per-socket limit with upstream's reason", async () => {
    const c = client();
    expect((await subscribe(c.channel("a"))).status).toBe("SUBSCRIBED");
    expect((await subscribe(c.channel("b"))).status).toBe("SUBSCRIBED");
    const third = await subscribe(c.channel("c"));
    expect(third.status).toBe("CHANNEL_ERROR");
    expect(third.error?.message).toBe("ChannelRateLimitReached: Too many channels");
  });

  it("answers an oversized acked broadcast with payload_size_exceeded and delivers nothing", async () => {
    const events = collector<unknown>();
    const receiver = client()
      .channel("big")
      .on("broadcast", { event: "*" }, (m) => events.push(m));
    const sender = client().channel("big", { config: { broadcast: { ack: true } } });
    expect((await subscribe(receiver)).status).toBe("SUBSCRIBED");
    expect((await subscribe(sender)).status).toBe("SUBSCRIBED");
    expect(await sender.send({ type: "broadcast", event: "x", payload: { blob: "x".repeat(4000) } })).toBe("error");
    await quietPeriod();
    expect(events.seen).toHaveLength(0);
  });
});

describe("replication slot across restarts", () => {
  it("neither replays delivered changes nor loses new ones after a restart", async () => {
    const listen = async () => {
      const changes = collector<{ new: { id: number } }>();
      const channel = client()
        .channel("restart")
        .on(
          "postgres_changes" as never,
          { event: "INSERT", schema: "public", table: "plain" },
          (p: { new: { id: number } }) => changes.push(p),
        );
      expect((await subscribe(channel)).status).toBe("SUBSCRIBED");
      return changes;
    };
    const before = await listen();
    const { rows } = await stack.db.admin.query<{ lsn: string }>("select pg_current_wal_insert_lsn()::text as lsn");
    await stack.db.admin.query("insert into public.plain (id, n) values (1, 1)");
    expect((await before.next())[0]?.new.id).toBe(1);
    for (const c of clients.splice(0)) c.realtime.disconnect();
    await stack.stop();
    stack = await start();
    // The delivered change was acknowledged: the slot resumes after it, so it is never replayed.
    const slot = await stack.db.admin.query<{ acked: boolean }>(
      "select confirmed_flush_lsn > $1::pg_lsn as acked from pg_replication_slots where slot_name = 'supabase_realtime_replication_slot'",
      [rows[0]?.lsn],
    );
    expect(slot.rows[0]?.acked).toBe(true);
    const after = await listen();
    await stack.db.admin.query("insert into public.plain (id, n) values (2, 2)");
    const [change] = await after.next();
    expect(change?.new.id).toBe(2);
    await quietPeriod();
    expect(after.seen).toHaveLength(0);
  });
});
