import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { setFlagsFromString } from "node:v8";
import { runInNewContext } from "node:vm";
import { startTestStack, type TestStack } from "../support/test-stack.ts";
import { closeClients, collector, realtimeClient, subscribe, userToken } from "./helpers.ts";

let t: TestStack;
beforeAll(async () => {
  t = await startTestStack("realtime");
});
afterEach(() => closeClients());
afterAll(() => t?.close());

const sql = <R extends Record<string, unknown>>(text: string, params: unknown[] = []) =>
  t.stack.db.admin.query<R>(text, params);

interface Insert {
  new: { id: number; n: number; body: string };
}

async function listen(table: string, token?: string) {
  const client = realtimeClient(t);
  if (token) await client.realtime.setAuth(token);
  const changes = collector<Insert>();
  const channel = client
    .channel(`big-${table}-${Math.random()}`)
    .on("postgres_changes" as never, { event: "INSERT", schema: "public", table }, (payload: Insert) =>
      changes.push(payload),
    );
  expect((await subscribe(channel)).status).toBe("SUBSCRIBED");
  return changes;
}

/** Resolves once the realtime slot has acknowledged everything written so far (every transaction handed out). */
async function streamCaughtUp(): Promise<void> {
  const { rows } = await sql<{ lsn: string }>("select pg_current_wal_insert_lsn()::text as lsn");
  for (;;) {
    const slot = await sql<{ done: boolean }>(
      "select confirmed_flush_lsn >= $1::pg_lsn as done from pg_replication_slots where slot_name = 'supabase_realtime_replication_slot'",
      [rows[0]?.lsn],
    );
    if (slot.rows[0]?.done) return;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** A full garbage collection on demand: the heap measured after it holds only what is still referenced. */
function collectGarbage(): () => void {
  setFlagsFromString("--expose-gc");
  return runInNewContext("gc") as () => void;
}

describe("transactions far larger than one piece of the stream", () => {
  it("are delivered completely and in order, and a later change of another table still follows", async () => {
    const rows = 5_000;
    const plain = await listen("plain");
    const reader = "00000000-0000-0000-0000-0000000000c3";
    const messages = await listen("messages", await userToken(t, reader));
    await sql(
      "insert into public.plain (id, n, label) select 100000 + i, i, 'row ' || i from generate_series(1, $1::int) i",
      [rows],
    );
    await sql("insert into public.messages (room_id, author, body) values (3, $1, 'after the big one')", [reader]);
    const got = await plain.next(rows, 60_000);
    expect(got.map((change) => change.new.n)).toEqual(Array.from({ length: rows }, (_, i) => i + 1));
    const [later] = await messages.next(1, 30_000);
    expect(later?.new.body).toBe("after the big one");
    await sql("delete from public.plain where id > 100000");
  });

  it("lose nothing and repeat nothing when the stream reconnects while one is handed out in part", async () => {
    const rows = 12_000;
    const author = "00000000-0000-0000-0000-0000000000e5";
    // RLS-checked changes are delivered slower than they are read, so the stream pauses partway through.
    const changes = await listen("messages", await userToken(t, author));
    await sql(
      "insert into public.messages (room_id, author, body) select 40, $1, 'part ' || i from generate_series(1, $2::int) i",
      [author, rows],
    );
    const first = await changes.next(500, 60_000);
    const { rows: ended } = await sql<{ ended: boolean }>(
      "select pg_terminate_backend(pid) as ended from pg_stat_replication where application_name = 'parley-realtime'",
    );
    expect(ended[0]?.ended).toBe(true);
    const rest = await changes.next(rows - first.length, 120_000);
    const bodies = [...first, ...rest].map((change) => change.new.body);
    expect(bodies).toEqual(Array.from({ length: rows }, (_, i) => `part ${i + 1}`));
    await sql("insert into public.messages (room_id, author, body) values (40, $1, 'after the reconnect')", [author]);
    const [after] = await changes.next(1, 30_000);
    expect(after?.new.body).toBe("after the reconnect");
    await sql("delete from public.messages where room_id = 40");
  });

  it("pass through the stream without its heap growing with their size", async () => {
    const rows = 200_000;
    const gc = collectGarbage();
    await streamCaughtUp();
    gc();
    const baseline = process.memoryUsage().heapUsed;
    let peak = baseline;
    // What is still referenced, while the transaction streams through: garbage not yet collected is no growth.
    const sample = () => {
      gc();
      peak = Math.max(peak, process.memoryUsage().heapUsed);
    };
    const sampler = setInterval(sample, 200);
    try {
      // Nobody listens to `plain`: what the heap holds is the stream's own buffering of the transaction.
      await sql(
        "insert into public.plain (id, n, label) select 200000 + i, i, repeat('x', 200) from generate_series(1, $1::int) i",
        [rows],
      );
      await streamCaughtUp();
    } finally {
      clearInterval(sampler);
      await sql("delete from public.plain where id > 200000");
    }
    const grownMiB = (peak - baseline) / 2 ** 20;
    // The whole transaction held at once is ~90 MiB of parsed rows; pieces of it stay far below.
    expect(grownMiB).toBeLessThan(32);
  });
});
