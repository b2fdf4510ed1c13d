import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { startTestStack, type TestStack } from "../support/test-stack.ts";
import { nowSeconds } from "../support/tokens.ts";
import { closeClients, collector, realtimeClient, subscribe, userToken } from "./helpers.ts";

let t: TestStack;
beforeAll(async () => {
  t = await startTestStack("realtime");
});
afterEach(() => closeClients());
afterAll(() => t?.close());

describe("tokens on joined channels", () => {
  it("moves postgres changes to a refreshed token's claims without rejoining", async () => {
    const alice = "00000000-0000-0000-0000-0000000000a1";
    const bob = "00000000-0000-0000-0000-0000000000b1";
    const client = realtimeClient(t);
    await client.realtime.setAuth(await userToken(t, alice));
    const changes = collector<{ new: Record<string, unknown> }>();
    const system = collector<{ message: string }>();
    const channel = client
      .channel("refresh")
      .on(
        "postgres_changes" as never,
        { event: "INSERT", schema: "public", table: "messages" },
        (p: { new: Record<string, unknown> }) => changes.push(p),
      )
      .on("system", {}, (m: { message: string }) => system.push(m));
    expect((await subscribe(channel)).status).toBe("SUBSCRIBED");
    expect((await system.next())[0]?.message).toBe("Subscribed to PostgreSQL");
    await client.realtime.setAuth(await userToken(t, bob));
    expect((await system.next())[0]?.message).toBe("Subscribed to PostgreSQL");
    await t.stack.db.admin.query(
      "insert into public.messages (room_id, author, body) values (5, $1, 'for alice'), (5, $2, 'for bob')",
      [alice, bob],
    );
    const [seen] = await changes.next();
    expect(seen?.new).toMatchObject({ body: "for bob" });
  });

  it("refuses a join with an expired token with upstream's reason", async () => {
    const client = realtimeClient(t);
    await client.realtime.setAuth(
      await t.stack.keys.sign({ sub: "x", role: "authenticated", exp: nowSeconds() - 100 }),
    );
    const result = await subscribe(client.channel("expired"));
    expect(result.status).toBe("CHANNEL_ERROR");
    expect(result.error?.message).toMatch(/^InvalidJWTToken: Token has expired \d+ seconds ago$/);
  });

  it("tells a channel its token expired and closes it", async () => {
    const client = realtimeClient(t);
    await client.realtime.setAuth(await userToken(t, "00000000-0000-0000-0000-0000000000e1", {}, 2));
    const system = collector<{ status: string; message: string }>();
    const statuses = collector<string>();
    const channel = client
      .channel("short-lived")
      .on("system", {}, (m: { status: string; message: string }) => system.push(m));
    channel.subscribe((status) => statuses.push(status));
    expect((await statuses.next())[0]).toBe("SUBSCRIBED");
    const [message] = await system.next(1, 8000);
    expect(message?.status).toBe("error");
    expect(message?.message).toMatch(/^Token has expired \d+ seconds ago$/);
    expect((await statuses.next(1, 8000))[0]).toBe("CLOSED");
  });
});
