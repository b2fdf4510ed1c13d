import type { RealtimeChannel, SupabaseClient } from "@supabase/supabase-js";
import { testClient } from "../support/client.ts";
import type { TestStack } from "../support/test-stack.ts";
import { nowSeconds } from "../support/tokens.ts";

export type Status = "SUBSCRIBED" | "CHANNEL_ERROR" | "TIMED_OUT" | "CLOSED";

/** A supabase-js client on the test stack; vsn 2.0.0 unless told. */
export function realtimeClient(t: TestStack, options: { vsn?: "1.0.0" | "2.0.0"; key?: string } = {}): SupabaseClient {
  const clients = openClients;
  const client = testClient(t.url, options.key ?? t.stack.keys.publishableKey, {
    realtime: options.vsn ? ({ vsn: options.vsn } as never) : {},
  });
  clients.push(client);
  return client;
}

const openClients: SupabaseClient[] = [];

/** Disconnects every client opened by `realtimeClient`. */
export async function closeClients(): Promise<void> {
  const clients = openClients.splice(0);
  await Promise.all(clients.map((client) => client.removeAllChannels()));
  for (const client of clients) client.realtime.disconnect();
}

/** Subscribes and resolves with the first status with its error, if any. */
export function subscribe(channel: RealtimeChannel): Promise<{ status: Status; error?: Error }> {
  return new Promise((resolve) => {
    channel.subscribe((status, error) => resolve({ status: status as Status, ...(error ? { error } : {}) }));
  });
}

/** Resolves with the next `count` values pushed into the returned `push`, or rejects after `ms`. */
export function collector<T>(): {
  push: (value: T) => void;
  next: (count?: number, ms?: number) => Promise<T[]>;
  seen: T[];
} {
  const seen: T[] = [];
  let waiters: (() => void)[] = [];
  return {
    seen,
    push(value) {
      seen.push(value);
      const current = waiters;
      waiters = [];
      for (const wake of current) wake();
    },
    next(count = 1, ms = 5000) {
      return new Promise((resolve, reject) => {
        const timer = setTimeout(
          () => reject(new Error(`timed out waiting for ${count} event(s); got ${seen.length}`)),
          ms,
        );
        const check = () => {
          if (seen.length >= count) {
            clearTimeout(timer);
            resolve(seen.splice(0, count));
          } else waiters.push(check);
        };
        check();
      });
    },
  };
}

/** A user access token signed by the stack, `authenticated` unless told. */
export function userToken(
  t: TestStack,
  sub: string,
  extra: Record<string, unknown> = {},
  ttlSeconds = 3600,
): Promise<string> {
  return t.stack.keys.sign({ sub, role: "authenticated", exp: nowSeconds() + ttlSeconds, ...extra });
}

/** Nothing arrives within `ms`: used only to assert that something is *not* delivered. */
export const quietPeriod = (ms = 400) => new Promise((resolve) => setTimeout(resolve, ms));

/** Resolves once `condition` holds, polling every 50 ms; rejects naming `what` after `ms`. */
export async function eventually(condition: () => Promise<boolean>, what: string, ms = 30_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`never happened: ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
