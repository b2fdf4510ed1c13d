// Realtime reads the WAL only while someone could receive what it reads, as upstream starts reading
// changes with a project's first subscriber and stops after the last: with nobody subscribed there is
// no walsender (PostgreSQL decodes none of the project's writes), the slot holds no WAL back, and a
// subscriber gets every change committed after its subscription — none from before it.
import pg from "pg";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { startTestStack, type TestStack } from "../support/test-stack.ts";
import { closeClients, collector, eventually, quietPeriod, realtimeClient, subscribe } from "./helpers.ts";

let t: TestStack;
beforeAll(async () => {
  t = await startTestStack("realtime");
});
afterEach(() => closeClients());
afterAll(() => t?.close());

const sql = <R extends Record<string, unknown>>(text: string, params: unknown[] = []) =>
  t.stack.db.admin.query<R>(text, params);

interface Insert {
  new: { id: number; n: number };
}

async function listen() {
  const changes = collector<Insert>();
  const channel = realtimeClient(t)
    .channel(`on-demand-${Math.random()}`)
    .on("postgres_changes" as never, { event: "INSERT", schema: "public", table: "plain" }, (payload: Insert) =>
      changes.push(payload),
    );
  expect((await subscribe(channel)).status).toBe("SUBSCRIBED");
  return changes;
}

/** How many walsenders stream realtime's slot right now. */
async function realtimeWalsenders(): Promise<number> {
  const { rows } = await sql<{ n: number }>(
    "select count(*)::int as n from pg_stat_replication where application_name = 'parley-realtime'",
  );
  return rows[0]?.n ?? 0;
}

const walInsertLsn = async () =>
  (await sql<{ lsn: string }>("select pg_current_wal_insert_lsn()::text as lsn")).rows[0]?.lsn ?? "0/0";

const insertPlain = (ids: number[]) =>
  sql("insert into public.plain (id, n) select i, i from unnest($1::int[]) i", [ids]).then(() => undefined);

describe("replication on demand", () => {
  it("runs no walsender, so the project's writes are not decoded", async () => {
    expect(await realtimeWalsenders()).toBe(0);
    await insertPlain([1, 2, 3]);
    await sql("update public.plain set n = n + 1");
    expect(await realtimeWalsenders()).toBe(0);
  });

  it("gives a first subscriber the changes committed after it subscribed, in commit order, and none from before", async () => {
    await insertPlain([10]);
    const changes = await listen();
    expect(await realtimeWalsenders()).toBe(1);
    for (const id of [11, 12, 13]) await insertPlain([id]);
    expect((await changes.next(3)).map((change) => change.new.id)).toEqual([11, 12, 13]);
    await quietPeriod();
    expect(changes.seen).toHaveLength(0);
  });

  it("delivers a transaction that was running while nobody listened once it commits after the subscription", async () => {
    await eventually(async () => (await realtimeWalsenders()) === 0, "no listener left");
    const open = new pg.Client({ connectionString: t.stack.db.url });
    await open.connect();
    try {
      await open.query("begin");
      await open.query("insert into public.plain (id, n) values (20, 20)");
      const inserted = await walInsertLsn();
      // A commit flushes the WAL up to it, the open transaction's insert included.
      await insertPlain([19]);
      // The idle slot is moved past the insert while its transaction still runs.
      await eventually(async () => {
        const { rows } = await sql<{ past: boolean }>(
          "select confirmed_flush_lsn >= $1::pg_lsn as past from pg_replication_slots where slot_name = 'supabase_realtime_replication_slot'",
          [inserted],
        );
        return rows[0]?.past === true;
      }, "the idle slot moves past the open transaction's insert");
      const changes = await listen();
      await open.query("commit");
      expect((await changes.next(1)).map((change) => change.new.id)).toEqual([20]);
    } finally {
      await open.end();
    }
  });

  it("stops after the last subscriber left, and a new subscriber gets only the changes after its own subscription", async () => {
    const first = await listen();
    await insertPlain([30]);
    expect((await first.next(1))[0]?.new.id).toBe(30);
    await closeClients();
    await eventually(async () => (await realtimeWalsenders()) === 0, "the stream stops after the last listener left");
    await insertPlain([31]);
    const second = await listen();
    await insertPlain([32]);
    expect((await second.next(1))[0]?.new.id).toBe(32);
    await quietPeriod();
    expect(second.seen).toHaveLength(0);
    expect(first.seen).toHaveLength(0);
  });

  it("holds no WAL back while nobody listens", async () => {
    await eventually(async () => (await realtimeWalsenders()) === 0, "no listener left");
    await insertPlain(Array.from({ length: 5_000 }, (_, i) => 1_000 + i));
    await sql("delete from public.plain where id >= 1000");
    const written = await walInsertLsn();
    // A running-transactions record after the writes: the point the slot's restart_lsn can move to.
    await sql("select pg_log_standby_snapshot()");
    await eventually(async () => {
      const { rows } = await sql<{ released: boolean }>(
        `select restart_lsn >= $1::pg_lsn and confirmed_flush_lsn >= $1::pg_lsn as released
         from pg_replication_slots where slot_name = 'supabase_realtime_replication_slot'`,
        [written],
      );
      return rows[0]?.released === true;
    }, "the idle slot moves past the writes");
    expect(await realtimeWalsenders()).toBe(0);
  });

  it("streams again after db reset for a channel that stayed joined", async () => {
    const changes = await listen();
    await t.stack.resetDatabase(false);
    await insertPlain([40]);
    expect((await changes.next(1, 15_000))[0]?.new.id).toBe(40);
  });
});
