import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startQueuesStack, type QueuesTestStack } from "./queues-stack.ts";

let s: QueuesTestStack;
beforeAll(async () => {
  s = await startQueuesStack();
});
afterAll(() => s?.close());

/** PostgreSQL's error for the statement, as { code, message }, or null when it succeeds. */
async function sqlError(text: string, params: unknown[] = []): Promise<{ code: string; message: string } | null> {
  try {
    await s.sql(text, params);
    return null;
  } catch (error) {
    const { code, message } = error as { code: string; message: string };
    return { code, message };
  }
}

describe("pgmq's SQL API", () => {
  it("lists queues with their kind, the fixture's and a new one", async () => {
    await s.sql("select pgmq.create('listed')");
    const queues = await s.sql("select queue_name, is_partitioned, is_unlogged from pgmq.list_queues()");
    expect(queues).toEqual([
      { queue_name: "jobs", is_partitioned: false, is_unlogged: false },
      { queue_name: "listed", is_partitioned: false, is_unlogged: false },
      { queue_name: "scratch", is_partitioned: false, is_unlogged: true },
      { queue_name: "tasks", is_partitioned: false, is_unlogged: false },
    ]);
    expect(await s.sql("select relpersistence from pg_class where oid = 'pgmq.q_scratch'::regclass")).toEqual([
      { relpersistence: "u" },
    ]);
  });

  it("creates a queue again without harm", async () => {
    await s.sql("select pgmq.create('twice')");
    await s.sql("select pgmq.send('twice', '{}')");
    await s.sql("select pgmq.create('twice')");
    expect(await s.sql("select count(*)::int as n from pgmq.q_twice")).toEqual([{ n: 1 }]);
    expect(await s.sql("select count(*)::int as n from pgmq.meta where queue_name = 'twice'")).toEqual([{ n: 1 }]);
  });

  it("measures a queue: waiting messages, ages and all it ever had", async () => {
    await s.sql("select pgmq.create('measured')");
    await s.sql("select pgmq.send_batch('measured', array['{\"n\":1}', '{\"n\":2}', '{\"n\":3}']::jsonb[])");
    await s.sql("select pgmq.delete('measured', (select min(msg_id) from pgmq.q_measured))");
    const [metrics] = await s.sql(
      "select queue_name, queue_length, total_messages, newest_msg_age_sec >= 0 as aged from pgmq.metrics('measured')",
    );
    expect(metrics).toEqual({ queue_name: "measured", queue_length: "2", total_messages: "3", aged: true });
    const all = await s.sql<{ queue_name: string }>("select queue_name from pgmq.metrics_all()");
    expect(all.map((row) => row.queue_name)).toContain("measured");
  });

  it("archives and deletes many at once, returning the ids it had", async () => {
    await s.sql("select pgmq.create('many')");
    const ids = (
      await s.sql<{ id: string }>("select pgmq.send_batch('many', array_fill('{}'::jsonb, array[4])) as id")
    ).map((row) => Number(row.id));
    const archived = await s.sql<{ id: string }>("select pgmq.archive('many', $1::bigint[]) as id", [
      [ids[0], ids[1], 999_999],
    ]);
    expect(archived.map((row) => Number(row.id)).sort((a, b) => a - b)).toEqual([ids[0], ids[1]]);
    const deleted = await s.sql<{ id: string }>("select pgmq.delete('many', $1::bigint[]) as id", [[ids[2], 999_999]]);
    expect(deleted.map((row) => Number(row.id))).toEqual([ids[2]]);
    expect(await s.sql("select msg_id::int as id from pgmq.q_many")).toEqual([{ id: ids[3] }]);
    expect(await s.sql("select count(*)::int as n from pgmq.a_many")).toEqual([{ n: 2 }]);
  });

  it("purges a queue's messages, keeps its archive, and says how many went", async () => {
    await s.sql("select pgmq.create('purged')");
    await s.sql("select pgmq.send_batch('purged', array_fill('{}'::jsonb, array[3]))");
    await s.sql("select pgmq.archive('purged', (select min(msg_id) from pgmq.q_purged))");
    expect(await s.sql("select pgmq.purge_queue('purged') as n")).toEqual([{ n: "2" }]);
    expect(await s.sql("select count(*)::int as n from pgmq.a_purged")).toEqual([{ n: 1 }]);
  });

  it("hides a message again with set_vt and returns it", async () => {
    await s.sql("select pgmq.create('revisited')");
    const [sent] = await s.sql<{ id: string }>("select pgmq.send('revisited', '{\"k\":1}') as id");
    const [changed] = await s.sql(
      "select msg_id, message, vt > now() + interval '50 seconds' as hidden from pgmq.set_vt('revisited', $1, 60)",
      [sent?.id],
    );
    expect(changed).toEqual({ msg_id: sent?.id, message: { k: 1 }, hidden: true });
    expect(await s.sql("select * from pgmq.read('revisited', 30, 1)")).toEqual([]);
    expect(await s.sql("select * from pgmq.set_vt('revisited', 999999, 0)")).toEqual([]);
  });

  it("read_with_poll returns at once when a message waits and nothing once the poll is over", async () => {
    await s.sql("select pgmq.create('polled')");
    await s.sql("select pgmq.send('polled', '{\"p\":1}')");
    expect(await s.sql("select message from pgmq.read_with_poll('polled', 30, 5, 1, 50)")).toEqual([
      { message: { p: 1 } },
    ]);
    expect(await s.sql("select message from pgmq.read_with_poll('polled', 30, 5, 1, 50)")).toEqual([]);
  });

  it("drops a queue with its archive and forgets it", async () => {
    await s.sql("select pgmq.create('dropped')");
    expect(await s.sql("select pgmq.drop_queue('dropped') as dropped")).toEqual([{ dropped: true }]);
    expect(
      await s.sql(
        "select to_regclass('pgmq.q_dropped') as q, to_regclass('pgmq.a_dropped') as a, (select count(*)::int from pgmq.meta where queue_name = 'dropped') as listed",
      ),
    ).toEqual([{ q: null, a: null, listed: 0 }]);
  });

  it("keeps queue tables inside the extension, so dropping it drops them", async () => {
    await s.sql("select pgmq.create('member')");
    const members = await s.sql<{ name: string }>(
      "select c.relname as name from pg_depend d join pg_class c on c.oid = d.objid where d.refobjid = (select oid from pg_extension where extname = 'pgmq') and d.deptype = 'e' and c.relname like '%_member'",
    );
    expect(members.map((row) => row.name).sort()).toEqual(["a_member", "q_member"]);
  });

  it.each([
    [
      "sending to an unknown queue",
      "select pgmq.send('ghost', '{}')",
      "42P01",
      'relation "pgmq.q_ghost" does not exist',
    ],
    ["reading an unknown queue", "select pgmq.read('ghost', 30, 1)", "42P01", 'relation "pgmq.q_ghost" does not exist'],
    ["measuring an unknown queue", "select pgmq.metrics('ghost')", "42P01", 'relation "pgmq.q_ghost" does not exist'],
    ["dropping an unknown queue", "select pgmq.drop_queue('ghost')", "42P01", 'relation "pgmq.q_ghost" does not exist'],
    [
      "a name with a semicolon",
      "select pgmq.create('a;b')",
      "P0001",
      "queue name contains invalid characters: $, ;, --, or \\'",
    ],
    [
      "a name with a quote",
      "select pgmq.send('it''s', '{}')",
      "P0001",
      "queue name contains invalid characters: $, ;, --, or \\'",
    ],
    [
      "a name with a dollar",
      "select pgmq.create('a$b')",
      "P0001",
      "queue name contains invalid characters: $, ;, --, or \\'",
    ],
    [
      "a name with a comment",
      "select pgmq.create('a--b')",
      "P0001",
      "queue name contains invalid characters: $, ;, --, or \\'",
    ],
    [
      "a 48-character name",
      `select pgmq.create('${"n".repeat(48)}')`,
      "P0001",
      "queue name is too long, maximum length is 48 characters",
    ],
    [
      "a partitioned queue without pg_partman",
      "select pgmq.create_partitioned('parts')",
      "P0001",
      "pg_partman is required for partitioned queues",
    ],
  ])("refuses %s as pgmq does", async (_case, statement, code, message) => {
    expect(await sqlError(statement)).toEqual({ code, message });
  });

  it("takes a 47-character name", async () => {
    const name = "n".repeat(47);
    await s.sql("select pgmq.create($1)", [name]);
    expect(await s.sql("select count(*)::int as n from pgmq.list_queues() where queue_name = $1", [name])).toEqual([
      { n: 1 },
    ]);
  });

  it("lower-cases a queue's tables as pgmq does", async () => {
    await s.sql("select pgmq.create('MixedCase')");
    await s.sql("select pgmq.send('MixedCase', '{}')");
    expect(await s.sql("select count(*)::int as n from pgmq.q_mixedcase")).toEqual([{ n: 1 }]);
  });
});
