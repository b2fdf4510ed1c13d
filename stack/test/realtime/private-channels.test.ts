import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { startTestStack, type TestStack } from "../support/test-stack.ts";
import { closeClients, collector, quietPeriod, realtimeClient, subscribe, userToken } from "./helpers.ts";

let t: TestStack;
beforeAll(async () => {
  t = await startTestStack("realtime");
});
afterEach(() => closeClients());
afterAll(() => t?.close());

async function privateChannel(topic: string, claims: Record<string, unknown>, config: Record<string, unknown> = {}) {
  const client = realtimeClient(t);
  await client.realtime.setAuth(await userToken(t, "00000000-0000-0000-0000-0000000000c1", claims));
  return client.channel(topic, { config: { private: true, ...config } });
}

// Policies (fixture): select and insert on realtime.messages for `room-*` topics when the JWT says allowed=yes.
describe("private channels", () => {
  it.each([
    ["a topic no policy covers", "lobby-1", { allowed: "yes" }, "CHANNEL_ERROR"],
    ["a covered topic without the claim", "room-1", { allowed: "no" }, "CHANNEL_ERROR"],
    ["a covered topic with the claim", "room-1", { allowed: "yes" }, "SUBSCRIBED"],
  ])("joining %s gives %s", async (_name, topic, claims, expected) => {
    const result = await subscribe(await privateChannel(topic, claims));
    expect(result.status).toBe(expected);
    if (expected === "CHANNEL_ERROR") {
      expect(result.error?.message).toBe(
        `Unauthorized: You do not have permissions to read from this Channel topic: ${topic}`,
      );
    }
  });

  it("keeps private and public streams of the same name apart", async () => {
    const publicEvents = collector<unknown>();
    const publicChannel = realtimeClient(t)
      .channel("room-2")
      .on("broadcast", { event: "*" }, (m) => publicEvents.push(m));
    expect((await subscribe(publicChannel)).status).toBe("SUBSCRIBED");
    const privateEvents = collector<unknown>();
    const receiver = (await privateChannel("room-2", { allowed: "yes" })).on("broadcast", { event: "*" }, (m) =>
      privateEvents.push(m),
    );
    const sender = await privateChannel("room-2", { allowed: "yes" });
    expect((await subscribe(receiver)).status).toBe("SUBSCRIBED");
    expect((await subscribe(sender)).status).toBe("SUBSCRIBED");
    await sender.send({ type: "broadcast", event: "secret", payload: { s: 1 } });
    expect((await privateEvents.next())[0]).toMatchObject({ event: "secret", payload: { s: 1 } });
    await quietPeriod();
    expect(publicEvents.seen).toHaveLength(0);
  });

  it("delivers realtime.send and realtime.broadcast_changes from the database to private subscribers", async () => {
    const events = collector<{ event: string; payload: Record<string, unknown>; meta?: { id: string } }>();
    const channel = (await privateChannel("room-db", { allowed: "yes" })).on("broadcast", { event: "*" }, (m) =>
      events.push(m as never),
    );
    expect((await subscribe(channel)).status).toBe("SUBSCRIBED");
    await t.stack.db.admin.query(`select realtime.send('{"text": "from sql"}'::jsonb, 'notice', 'room-db')`);
    const [sent] = await events.next();
    expect(sent).toMatchObject({ event: "notice", payload: { text: "from sql" } });
    expect(sent?.meta?.id).toMatch(/^[0-9a-f-]{36}$/);
    await t.stack.db.admin.query(`
      create or replace function public.plain_broadcast() returns trigger language plpgsql security definer as $$
      begin
        perform realtime.broadcast_changes('room-db', tg_op, tg_op, tg_table_name, tg_table_schema, new, old);
        return null;
      end $$;
      drop trigger if exists plain_broadcast on public.plain;
      create trigger plain_broadcast after insert on public.plain for each row execute function public.plain_broadcast();
      insert into public.plain (id, n) values (900, 9);`);
    const [change] = await events.next();
    expect(change).toMatchObject({
      event: "INSERT",
      payload: { operation: "INSERT", table: "plain", schema: "public", record: { id: 900, n: 9 }, old_record: null },
    });
  });

  it("acks a broadcast from a sender the insert policy allows", async () => {
    const channel = await privateChannel("room-3", { allowed: "yes" }, { broadcast: { ack: true } });
    expect((await subscribe(channel)).status).toBe("SUBSCRIBED");
    expect(await channel.send({ type: "broadcast", event: "ok", payload: {} })).toBe("ok");
  });
});
