import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startQueuesStack, type QueuesTestStack } from "./queues-stack.ts";

let s: QueuesTestStack;
beforeAll(async () => {
  s = await startQueuesStack();
});
afterAll(() => s?.close());

interface MessageRecord {
  msg_id: number;
  read_ct: number;
  enqueued_at: string;
  vt: string;
  message: unknown;
}

async function newQueue(name: string): Promise<void> {
  await s.sql("select pgmq.create($1)", [name]);
}

describe("Supabase Queues through supabase-js and pgmq_public", () => {
  it("reads a message once, hides it for its visibility timeout, reads it again, then archives it", async () => {
    await newQueue("lifecycle");
    const queues = s.queues("service");
    const sent = await queues.rpc("send", { queue_name: "lifecycle", message: { hello: "world" } });
    expect(sent.error).toBeNull();
    const [id] = sent.data as number[];

    const first = await queues.rpc("read", { queue_name: "lifecycle", sleep_seconds: 30, n: 5 });
    expect(first.data).toEqual([
      { msg_id: id, read_ct: 1, enqueued_at: expect.any(String), vt: expect.any(String), message: { hello: "world" } },
    ]);
    const hidden = await queues.rpc("read", { queue_name: "lifecycle", sleep_seconds: 30, n: 5 });
    expect(hidden).toMatchObject({ error: null, data: [] });

    // The 30 seconds run out: set_vt(…, 0) moves the message's visibility time to now.
    await s.sql("select pgmq.set_vt('lifecycle', $1, 0)", [id]);
    const again = await queues.rpc("read", { queue_name: "lifecycle", sleep_seconds: 30, n: 5 });
    expect((again.data as MessageRecord[]).map((m) => [m.msg_id, m.read_ct])).toEqual([[id, 2]]);

    const archived = await queues.rpc("archive", { queue_name: "lifecycle", message_id: id });
    expect(archived).toMatchObject({ error: null, data: true });
    expect(await s.sql("select msg_id::int as id, read_ct, message from pgmq.a_lifecycle")).toEqual([
      { id, read_ct: 2, message: { hello: "world" } },
    ]);
    expect(await s.sql("select * from pgmq.q_lifecycle")).toEqual([]);
    const archivedTwice = await queues.rpc("archive", { queue_name: "lifecycle", message_id: id });
    expect(archivedTwice.data).toBe(false);
  });

  it("shows a message again by itself once a short visibility timeout has passed", async () => {
    await newQueue("short_vt");
    const queues = s.queues("service");
    const { data } = await queues.rpc("send", { queue_name: "short_vt", message: { n: 1 } });
    const [id] = data as number[];
    const first = await queues.rpc("read", { queue_name: "short_vt", sleep_seconds: 1, n: 1 });
    expect((first.data as MessageRecord[]).map((m) => m.msg_id)).toEqual([id]);
    await expect
      .poll(
        async () => {
          const { data: seen } = await queues.rpc("read", { queue_name: "short_vt", sleep_seconds: 60, n: 1 });
          return (seen as MessageRecord[]).map((m) => [m.msg_id, m.read_ct]);
        },
        { timeout: 10_000, interval: 200 },
      )
      .toEqual([[id, 2]]);
  });

  it("keeps a message sent with sleep_seconds out of reach until then", async () => {
    await newQueue("delayed");
    const queues = s.queues("service");
    const { data } = await queues.rpc("send", { queue_name: "delayed", message: { later: true }, sleep_seconds: 60 });
    const [id] = data as number[];
    expect((await queues.rpc("read", { queue_name: "delayed", sleep_seconds: 30, n: 1 })).data).toEqual([]);
    expect((await queues.rpc("pop", { queue_name: "delayed" })).data).toEqual([]);
    const [row] = await s.sql<{ waits: boolean }>(
      "select vt > now() + interval '50 seconds' as waits from pgmq.q_delayed where msg_id = $1",
      [id],
    );
    expect(row).toEqual({ waits: true });
  });

  it("pops the oldest visible message, removing it for good", async () => {
    await newQueue("popped");
    const queues = s.queues("service");
    const { data } = await queues.rpc("send_batch", { queue_name: "popped", messages: [{ n: 1 }, { n: 2 }] });
    const [firstId, secondId] = data as number[];
    const popped = await queues.rpc("pop", { queue_name: "popped" });
    expect((popped.data as MessageRecord[]).map((m) => [m.msg_id, m.message])).toEqual([[firstId, { n: 1 }]]);
    expect(await s.sql("select msg_id::int as id from pgmq.q_popped")).toEqual([{ id: secondId }]);
    expect(await s.sql("select * from pgmq.a_popped")).toEqual([]);
  });

  it("sends a batch in order and reads it oldest first", async () => {
    await newQueue("batch");
    const queues = s.queues("service");
    const messages = [{ n: 1 }, { n: 2 }, { n: 3 }];
    const sent = await queues.rpc("send_batch", { queue_name: "batch", messages });
    expect(sent.error).toBeNull();
    const ids = sent.data as number[];
    expect(ids).toHaveLength(3);
    expect([...ids].sort((a, b) => a - b)).toEqual(ids);
    const read = await queues.rpc("read", { queue_name: "batch", sleep_seconds: 30, n: 2 });
    const byId = (read.data as MessageRecord[]).sort((a, b) => a.msg_id - b.msg_id);
    expect(byId.map((m) => [m.msg_id, m.message])).toEqual([
      [ids[0], { n: 1 }],
      [ids[1], { n: 2 }],
    ]);
  });

  it("deletes a message for good and says false for one it does not have", async () => {
    await newQueue("deleted");
    const queues = s.queues("service");
    const { data } = await queues.rpc("send", { queue_name: "deleted", message: { bye: true } });
    const [id] = data as number[];
    expect((await queues.rpc("delete", { queue_name: "deleted", message_id: id })).data).toBe(true);
    expect((await queues.rpc("delete", { queue_name: "deleted", message_id: id })).data).toBe(false);
    expect(await s.sql("select count(*)::int as n from pgmq.q_deleted")).toEqual([{ n: 0 }]);
    expect(await s.sql("select count(*)::int as n from pgmq.a_deleted")).toEqual([{ n: 0 }]);
  });

  it.each([
    ["an unknown queue", "nowhere", 404, "42P01", 'relation "pgmq.q_nowhere" does not exist'],
    [
      "a name like SQL injection",
      "x; drop table pgmq.meta; --",
      400,
      "P0001",
      // pgmq's message, backslash included.
      "queue name contains invalid characters: $, ;, --, or \\'",
    ],
  ])("answers %s with PostgREST's error shape", async (_case, queueName, status, code, message) => {
    const result = await s.queues("service").rpc("send", { queue_name: queueName, message: {} });
    expect(result.status).toBe(status);
    expect(result.error).toMatchObject({ code, message });
    expect(await s.sql("select to_regclass('pgmq.meta') is not null as kept")).toEqual([{ kept: true }]);
  });
});
