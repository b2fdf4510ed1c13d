// One stack per test file on the `rest` fixture, with supabase-js clients for each kind of caller.
import type { SupabaseClient } from "@supabase/supabase-js";
import { testClient } from "../support/client.ts";
import { startTestStack, type TestStack } from "../support/test-stack.ts";

export const ALICE = "00000000-0000-0000-0000-000000000001";
export const BOB = "00000000-0000-0000-0000-000000000002";

export interface RestTestStack {
  t: TestStack;
  anon: SupabaseClient;
  service: SupabaseClient;
  asUser(sub: string): Promise<SupabaseClient>;
  /** Raw HTTP against /rest/v1 with the publishable key. */
  http(path: string, init?: RequestInit): Promise<Response>;
}

export async function startRestStack(): Promise<RestTestStack> {
  const t = await startTestStack("rest");
  const key = t.stack.keys.publishableKey;
  return {
    t,
    anon: testClient(t.url, key),
    service: testClient(t.url, t.stack.keys.secretKey),
    async asUser(sub) {
      const token = await t.stack.keys.sign({ sub, role: "authenticated", exp: Math.floor(Date.now() / 1000) + 600 });
      return testClient(t.url, key, { global: { headers: { Authorization: `Bearer ${token}` } } });
    },
    http: (path, init = {}) =>
      fetch(`${t.url}/rest/v1${path}`, {
        ...init,
        headers: { apikey: key, ...(init.headers as Record<string, string> | undefined) },
      }),
  };
}
