// One stack per test file on the `queues` fixture (pgmq + pgmq_public as the dashboard sets them up),
// with supabase-js clients for each kind of caller and SQL as the project's `postgres` role.
import type { SupabaseClient } from "@supabase/supabase-js";
import pg from "pg";
import { testClient } from "../support/client.ts";
import { startTestStack, type TestStack } from "../support/test-stack.ts";

export const ALICE = "00000000-0000-0000-0000-00000000a11c";
export const BOB = "00000000-0000-0000-0000-000000000b0b";

export type QueueCaller = "service" | "anon" | "alice" | "bob";

export interface QueuesTestStack {
  t: TestStack;
  /** `supabase.schema('pgmq_public')` for the caller. */
  queues(caller: QueueCaller): ReturnType<SupabaseClient["schema"]>;
  sql<T extends pg.QueryResultRow>(text: string, params?: unknown[]): Promise<T[]>;
  close(): Promise<void>;
}

export async function startQueuesStack(): Promise<QueuesTestStack> {
  const t = await startTestStack("queues");
  const { publishableKey, secretKey } = t.stack.keys;
  const asUser = async (sub: string) => {
    const token = await t.stack.keys.sign({ sub, role: "authenticated", exp: Math.floor(Date.now() / 1000) + 600 });
    return testClient(t.url, publishableKey, { global: { headers: { Authorization: `Bearer ${token}` } } });
  };
  const clients: Record<QueueCaller, SupabaseClient> = {
    service: testClient(t.url, secretKey),
    anon: testClient(t.url, publishableKey),
    alice: await asUser(ALICE),
    bob: await asUser(BOB),
  };
  const db = new pg.Client({ connectionString: t.stack.status().DB_URL });
  await db.connect();
  return {
    t,
    queues: (caller) => clients[caller].schema("pgmq_public"),
    sql: async (text, params = []) => (await db.query(text, params)).rows,
    close: async () => {
      await db.end();
      await t.close();
    },
  };
}
