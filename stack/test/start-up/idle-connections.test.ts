import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testClient } from "../support/client.ts";
import { startTestStack, type TestStack } from "../support/test-stack.ts";

// Each PostgreSQL backend costs the stack several MiB, so an idle stack holds only the one
// connection that LISTENs for cron, pg_net and the REST schema cache (plus realtime's walsender).

let t: TestStack;

async function query<T extends pg.QueryResultRow>(text: string, params: unknown[] = []): Promise<T[]> {
  const client = new pg.Client({ connectionString: t.stack.db.url, application_name: "idle-connections-test" });
  await client.connect();
  try {
    return (await client.query<T>(text, params)).rows;
  } finally {
    await client.end();
  }
}

/** The stack's client connections to its database, counted by application_name. */
async function stackConnections(): Promise<Record<string, number>> {
  const rows = await query<{ application_name: string; n: number }>(
    `select application_name, count(*)::int as n from pg_stat_activity
      where backend_type = 'client backend' and application_name <> 'idle-connections-test'
      group by 1 order by 1`,
  );
  return Object.fromEntries(rows.map((row) => [row.application_name, row.n]));
}

async function addReadableTable(name: string): Promise<void> {
  await query(
    `create table public.${name} (id int primary key);
     insert into public.${name} values (1);
     alter table public.${name} enable row level security;
     create policy "anyone reads" on public.${name} for select to anon using (true);
     grant select on public.${name} to anon;
     notify pgrst, 'reload schema'`,
  );
}

async function restRows(table: string): Promise<unknown> {
  const anon = testClient(t.url, t.stack.status().ANON_KEY);
  const { data, error } = await anon.from(table).select("id");
  return error ? error.code : data;
}

beforeAll(async () => {
  t = await startTestStack("cron-net");
});

afterAll(async () => {
  await t?.close();
});

describe("connections of an idle stack", () => {
  it("closes the connections its start opened, keeping one listening connection", async () => {
    await expect.poll(() => stackConnections(), { timeout: 10_000 }).toEqual({ "parley-stack-listener": 1 });
  });

  it("wakes cron, pg_net and the REST schema cache through that one connection", async () => {
    await addReadableTable("added_after_start");
    await expect.poll(() => restRows("added_after_start"), { timeout: 10_000 }).toEqual([{ id: 1 }]);

    await query(`select cron.schedule('idle-tick', '1 seconds', $$insert into public.ticks (label) values ('idle')$$)`);
    const ticks = async () =>
      (await query<{ n: number }>("select count(*)::int as n from public.ticks where label = 'idle'"))[0]?.n;
    await expect.poll(ticks, { timeout: 10_000 }).toBeGreaterThan(0);
    await query("select cron.unschedule('idle-tick')");

    const [request] = await query<{ id: string }>("select net.http_get($1)::text as id", [
      `${t.url}/rest/v1/ticks?select=id`,
    ]);
    const status = async () =>
      (
        await query<{ status_code: number }>("select status_code from net._http_response where id = $1", [request?.id])
      )[0]?.status_code;
    await expect.poll(status, { timeout: 10_000 }).toBe(200);

    expect((await stackConnections())["parley-stack-listener"]).toBe(1);
  });

  it("adds a later subscriber's channel to that connection, and stops only its deliveries when it stops", async () => {
    const payloads: string[] = [];
    let caughtUp = 0;
    const listener = t.stack.db.listen({
      channel: "idle_connections_test",
      onNotification: (payload) => payloads.push(payload),
      onListening: async () => {
        caughtUp += 1;
      },
      onError: () => undefined,
    });
    await expect.poll(() => caughtUp, { timeout: 10_000 }).toBe(1);
    await query("select pg_notify('idle_connections_test', 'hello')");
    await expect.poll(() => payloads, { timeout: 10_000 }).toEqual(["hello"]);
    expect((await stackConnections())["parley-stack-listener"]).toBe(1);

    await listener.stop();
    await query("select pg_notify('idle_connections_test', 'after stop')");
    await addReadableTable("added_after_unlisten");
    await expect.poll(() => restRows("added_after_unlisten"), { timeout: 10_000 }).toEqual([{ id: 1 }]);
    expect(payloads).toEqual(["hello"]);
  });

  it("listens again on one connection after db reset", async () => {
    await t.stack.resetDatabase(false);
    await addReadableTable("added_after_reset");
    await expect.poll(() => restRows("added_after_reset"), { timeout: 10_000 }).toEqual([{ id: 1 }]);
    await expect.poll(async () => (await stackConnections())["parley-stack-listener"], { timeout: 10_000 }).toBe(1);
  });
});
