import { createClient, type SupabaseClient, type SupabaseClientOptions } from "@supabase/supabase-js";
import WebSocket from "ws";

/**
 * The official supabase-js client, as an app would build it. Node 20 has no global WebSocket, so the
 * realtime transport is `ws` (on Node 22+ and in browsers the client's own default is used).
 */
export function testClient(url: string, key: string, options: SupabaseClientOptions<"public"> = {}): SupabaseClient {
  return createClient(url, key, {
    ...options,
    auth: { persistSession: false, autoRefreshToken: false, ...options.auth },
    realtime: {
      transport: WebSocket as unknown as NonNullable<SupabaseClientOptions<"public">["realtime"]>["transport"],
      ...options.realtime,
    },
  });
}
