import { randomUUID } from "node:crypto";
import type { SupabaseClient } from "@supabase/supabase-js";
import { testClient } from "../support/client.ts";
import { startTestStack, type TestStack } from "../support/test-stack.ts";
import { nowSeconds } from "../support/tokens.ts";

export interface StorageTestStack extends TestStack {
  /** supabase-js with the publishable key, no session (anon). */
  anon: SupabaseClient;
  /** supabase-js with the secret key (service_role). */
  service: SupabaseClient;
  /** supabase-js acting as a signed-in user (an access token the stack signed). */
  user(id?: string, expiresIn?: number): Promise<{ id: string; token: string; client: SupabaseClient }>;
}

/** A real stack for the `storage` fixture (buckets and policies from migrations and config.toml). */
export async function startStorageStack(): Promise<StorageTestStack> {
  const t = await startTestStack("storage");
  const keys = t.stack.keys;
  return {
    ...t,
    anon: testClient(t.url, keys.publishableKey),
    service: testClient(t.url, keys.secretKey),
    async user(id = randomUUID(), expiresIn = 3600) {
      const token = await keys.sign({
        sub: id,
        role: "authenticated",
        aud: "authenticated",
        exp: nowSeconds() + expiresIn,
      });
      const client = testClient(t.url, keys.publishableKey, {
        global: { headers: { Authorization: `Bearer ${token}` } },
      });
      return { id, token, client };
    },
  };
}

/** A raw request to /storage/v1 with the publishable key (and a bearer when given). */
export async function storageFetch(
  t: TestStack,
  path: string,
  init: RequestInit & { token?: string } = {},
): Promise<Response> {
  const headers = new Headers(init.headers);
  headers.set("apikey", t.stack.keys.publishableKey);
  if (init.token) headers.set("authorization", `Bearer ${init.token}`);
  return fetch(`${t.url}/storage/v1${path}`, { ...init, headers });
}
