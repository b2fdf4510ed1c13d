import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import type { RealtimePostgresChangesPayload } from "@supabase/supabase-js";
import { startTestStack, type TestStack } from "../support/test-stack.ts";
import { waitUntilVisible } from "../../src/realtime/changes/commit-visibility.ts";
import { closeClients, collector, quietPeriod, realtimeClient, subscribe, userToken } from "./helpers.ts";

let t: TestStack;
beforeAll(async () => {
  t = await startTestStack("realtime");
});
afterEach(() => closeClients());
afterAll(() => t?.close());

type Change = RealtimePostgresChangesPayload<Record<string, unknown>>;
const sql = (text: string, params: unknown[] = []) => t.stack.db.admin.query(text, params);

async function listen(event: "*" | "INSERT" | "UPDATE" | "DELETE", table: string, filter?: string, token?: string) {
  const client = realtimeClient(t);
  if (token) await client.realtime.setAuth(token);
  const changes = collector<Change>();
  const channel = client
    .channel(`pg-${Math.random()}`)
    .on(
      "postgres_changes" as never,
      { event, schema: "public", table, ...(filter ? { filter } : {}) },
      (payload: Change) => changes.push(payload),
    );
  const result = await subscribe(channel);
  expect(result.status).toBe("SUBSCRIBED");
  return changes;
}

describe("postgres changes", () => {
  it("delivers INSERT, UPDATE and DELETE with upstream's payload shape", async () => {
    const all = await listen("*", "plain");
    await sql("insert into public.plain (id, n, label) values (1, 10, 'one')");
    await sql("update public.plain set n = 11 where id = 1");
    await sql("delete from public.plain where id = 1");
    const [insert, update, remove] = await all.next(3);
    expect(insert).toMatchObject({
      eventType: "INSERT",
      schema: "public",
      table: "plain",
      new: { id: 1, n: 10, label: "one" },
      old: {},
      errors: null,
    });
    expect(insert?.commit_timestamp).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    expect(update).toMatchObject({ eventType: "UPDATE", new: { id: 1, n: 11 }, old: { id: 1, n: 10, label: "one" } });
    expect(remove).toMatchObject({ eventType: "DELETE", old: { id: 1, n: 11, label: "one" } });
  });

  it("delivers only the subscribed event type", async () => {
    const inserts = await listen("INSERT", "plain");
    const deletes = await listen("DELETE", "plain");
    await sql("insert into public.plain (id, n) values (2, 1)");
    await sql("delete from public.plain where id = 2");
    expect((await inserts.next())[0]?.eventType).toBe("INSERT");
    expect((await deletes.next())[0]?.eventType).toBe("DELETE");
    await quietPeriod();
    expect(inserts.seen).toHaveLength(0);
    expect(deletes.seen).toHaveLength(0);
  });

  it.each([
    ["eq", "n=eq.5", [5]],
    ["neq", "n=neq.5", [3, 7]],
    ["lt", "n=lt.5", [3]],
    ["lte", "n=lte.5", [3, 5]],
    ["gt", "n=gt.5", [7]],
    ["gte", "n=gte.5", [5, 7]],
    ["in", "n=in.(3,7)", [3, 7]],
  ])("filters with %s", async (_op, filter, expected) => {
    const base = 100 + Math.floor(Math.random() * 100000) * 3;
    const changes = await listen("INSERT", "plain", filter);
    for (const [offset, n] of [3, 5, 7].entries())
      await sql("insert into public.plain (id, n) values ($1, $2)", [base + offset, n]);
    const got = await changes.next(expected.length);
    expect(got.map((c) => (c.new as { n: number }).n)).toEqual(expected);
    await quietPeriod(300);
    expect(changes.seen).toHaveLength(0);
    await sql("delete from public.plain where id >= $1 and id < $2", [base, base + 3]);
  });

  it("shows a row only to subscribers its RLS policies let select it", async () => {
    const alice = "00000000-0000-0000-0000-00000000000a";
    const bob = "00000000-0000-0000-0000-00000000000b";
    const aliceChanges = await listen("INSERT", "messages", undefined, await userToken(t, alice));
    const bobChanges = await listen("INSERT", "messages", undefined, await userToken(t, bob));
    await sql(
      "insert into public.messages (room_id, author, body, tags, meta) values (2, $1, 'secret', '{a,b}', '{\"k\": 1}')",
      [alice],
    );
    const [seen] = await aliceChanges.next();
    expect(seen?.new).toMatchObject({ room_id: 2, author: alice, body: "secret", tags: ["a", "b"], meta: { k: 1 } });
    await sql("insert into public.messages (room_id, body) values (1, 'public room')");
    const [shared] = await bobChanges.next();
    expect(shared?.new).toMatchObject({ room_id: 1, body: "public room" });
    expect(bobChanges.seen).toHaveLength(0);
  });

  it("checks a change for many subscribers at once, each as itself: a row reaches only those its policies allow", async () => {
    const users = ["00000000-0000-0000-0000-0000000000a1", "00000000-0000-0000-0000-0000000000b2"];
    // More channels than one batch of checks holds, the two users' channels interleaved.
    const listeners: { user: string; changes: Awaited<ReturnType<typeof listen>> }[] = [];
    for (let i = 0; i < 70; i += 1) {
      const user = users[i % 2]!;
      listeners.push({ user, changes: await listen("INSERT", "messages", undefined, await userToken(t, user)) });
    }
    // A channel of the first user whose filter value its column refuses: its check fails, the others' do not.
    const refused = await listen("INSERT", "messages", "room_id=eq.not-a-number", await userToken(t, users[0]!));
    await sql("insert into public.messages (room_id, author, body) values (7, $1, 'only a1')", [users[0]]);
    await sql("insert into public.messages (room_id, body) values (1, 'everyone')");
    for (const { user, changes } of listeners) {
      const expected = user === users[0] ? ["only a1", "everyone"] : ["everyone"];
      const seen = await changes.next(expected.length);
      expect(seen.map((change) => (change.new as { body: string }).body)).toEqual(expected);
    }
    await quietPeriod();
    expect(refused.seen).toHaveLength(0);
  });

  it("checks channels on the same token together, yet each gets only what its filters match and a broken filter costs only its own channel", async () => {
    const user = "00000000-0000-0000-0000-0000000000a1";
    const token = await userToken(t, user);
    const everything = await listen("INSERT", "messages", undefined, token);
    const roomOne = await listen("INSERT", "messages", "room_id=eq.1", token);
    const broken = await listen("INSERT", "messages", "room_id=eq.not-a-number", token);
    await sql("insert into public.messages (room_id, author, body) values (7, $1, 'mine in a private room')", [user]);
    await sql("insert into public.messages (room_id, body) values (1, 'room one')");
    const bodies = (changes: Change[]) => changes.map((change) => (change.new as { body: string }).body);
    expect(bodies(await everything.next(2))).toEqual(["mine in a private room", "room one"]);
    expect(bodies(await roomOne.next(1))).toEqual(["room one"]);
    await quietPeriod();
    expect(roomOne.seen).toHaveLength(0);
    expect(broken.seen).toHaveLength(0);
  });

  it("delivers every row of a burst of concurrent commits that policies let the subscriber select", async () => {
    const bob = "00000000-0000-0000-0000-00000000000b";
    const bobChanges = await listen("INSERT", "messages", "room_id=eq.1", await userToken(t, bob));
    const bodies = Array.from({ length: 60 }, (_, i) => `burst ${i}`);
    await Promise.all(bodies.map((body) => sql("insert into public.messages (room_id, body) values (1, $1)", [body])));
    const seen = await bobChanges.next(bodies.length, 15_000);
    expect(seen.map((change) => (change.new as { body: string }).body).sort()).toEqual([...bodies].sort());
  });

  it("delivers changes in commit order while later transactions are checked alongside earlier ones", async () => {
    // Changes to `messages` wait for RLS checks, changes to `plain` need none: handled side by
    // side, a `plain` change is ready first, yet must not overtake the `messages` change before it.
    const client = realtimeClient(t);
    await client.realtime.setAuth(await userToken(t, "00000000-0000-0000-0000-00000000000b"));
    const changes = collector<Change>();
    const channel = client
      .channel("commit-order")
      .on("postgres_changes" as never, { event: "INSERT", schema: "public", table: "messages" }, (c: Change) =>
        changes.push(c),
      )
      .on("postgres_changes" as never, { event: "INSERT", schema: "public", table: "plain" }, (c: Change) =>
        changes.push(c),
      );
    expect((await subscribe(channel)).status).toBe("SUBSCRIBED");
    const committed: string[] = [];
    for (let i = 0; i < 12; i++) {
      if (i % 2 === 0) await sql("insert into public.messages (room_id, body) values (1, $1)", [`order ${i}`]);
      else await sql("insert into public.plain (id, n, label) values ($1, $1, $2)", [9000 + i, `order ${i}`]);
      committed.push(`order ${i}`);
    }
    const seen = await changes.next(committed.length);
    expect(
      seen.map((c) => (c.new as { body?: string; label?: string }).body ?? (c.new as { label: string }).label),
    ).toEqual(committed);
  });

  it("checks policies only once a committed transaction is visible to new snapshots", async () => {
    const client = await t.stack.db.admin.connect();
    try {
      await client.query("begin");
      const { rows } = await client.query<{ xid: string }>(
        "select (pg_current_xact_id()::text::int8 & 4294967295)::int8 as xid",
      );
      const waiting = waitUntilVisible(t.stack.db, Number(rows[0]?.xid));
      let settled = false;
      void waiting.then(() => (settled = true));
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(settled).toBe(false);
      await client.query("commit");
      await expect(waiting).resolves.toBe(true);
    } finally {
      client.release();
    }
  });

  it("tells the client when a table is not in the publication", async () => {
    const client = realtimeClient(t);
    const system = collector<{ status: string; message: string }>();
    const channel = client
      .channel("not-published")
      .on("postgres_changes" as never, { event: "*", schema: "public", table: "nope" }, () => undefined)
      .on("system", {}, (m: { status: string; message: string }) => system.push(m));
    expect((await subscribe(channel)).status).toBe("SUBSCRIBED");
    const [message] = await system.next();
    expect(message?.status).toBe("error");
    expect(message?.message).toContain("Unable to subscribe to changes with given parameters");
  });
});
