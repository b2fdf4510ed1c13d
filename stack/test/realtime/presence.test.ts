import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { startTestStack, type TestStack } from "../support/test-stack.ts";
import { closeClients, collector, realtimeClient, subscribe } from "./helpers.ts";

let t: TestStack;
beforeAll(async () => {
  t = await startTestStack("realtime");
});
afterEach(() => closeClients());
afterAll(() => t?.close());

type Join = { key: string; newPresences: Record<string, unknown>[] };
type Leave = { key: string; leftPresences: Record<string, unknown>[] };

describe("presence", () => {
  it("shows joins to everyone keyed by the presence key, updates in place and leaves on untrack and on a dropped socket", async () => {
    const joins = collector<Join>();
    const leaves = collector<Leave>();
    const watcher = realtimeClient(t)
      .channel("party", { config: { presence: { key: "watcher" } } })
      .on("presence", { event: "join" }, (e) => joins.push(e as unknown as Join))
      .on("presence", { event: "leave" }, (e) => leaves.push(e as unknown as Leave));
    expect((await subscribe(watcher)).status).toBe("SUBSCRIBED");

    const aliceClient = realtimeClient(t);
    const alice = aliceClient.channel("party", { config: { presence: { key: "alice" } } });
    expect((await subscribe(alice)).status).toBe("SUBSCRIBED");
    expect(await alice.track({ mood: "happy" })).toBe("ok");
    const [join] = await joins.next();
    expect(join?.key).toBe("alice");
    expect(join?.newPresences[0]).toMatchObject({ mood: "happy" });
    expect(join?.newPresences[0]).toHaveProperty("presence_ref");
    expect(watcher.presenceState()).toMatchObject({ alice: [{ mood: "happy" }] });

    expect(await alice.track({ mood: "busy" })).toBe("ok");
    await joins.next();
    await leaves.next();
    expect(watcher.presenceState().alice).toHaveLength(1);
    expect(watcher.presenceState()).toMatchObject({ alice: [{ mood: "busy" }] });

    expect(await alice.untrack()).toBe("ok");
    expect((await leaves.next())[0]?.key).toBe("alice");
    expect(watcher.presenceState()).not.toHaveProperty("alice");

    const bob = realtimeClient(t);
    const bobChannel = bob.channel("party", { config: { presence: { key: "bob" } } });
    expect((await subscribe(bobChannel)).status).toBe("SUBSCRIBED");
    await bobChannel.track({ online: true });
    await joins.next();
    bob.realtime.disconnect();
    expect((await leaves.next())[0]?.key).toBe("bob");
  });

  it("sends presence_state to a late joiner", async () => {
    const first = realtimeClient(t).channel("state-room", { config: { presence: { key: "first" } } });
    expect((await subscribe(first)).status).toBe("SUBSCRIBED");
    await first.track({ here: 1 });
    const synced = collector<true>();
    const late = realtimeClient(t)
      .channel("state-room")
      .on("presence", { event: "sync" }, () => synced.push(true));
    expect((await subscribe(late)).status).toBe("SUBSCRIBED");
    await synced.next();
    expect(late.presenceState()).toMatchObject({ first: [{ here: 1 }] });
  });
});
