import type { RealtimeChannel, SupabaseClient } from "@supabase/supabase-js";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import type { TestStack } from "../support/test-stack.ts";
import { collector, quietPeriod, subscribe } from "../realtime/helpers.ts";
import { startParleyStack } from "./support/parley-stack.ts";
import { buildWorld, spareMember, type Actor, type World } from "./support/world.ts";

let t: TestStack;
let w: World;
beforeAll(async () => {
  t = await startParleyStack();
  w = await buildWorld(t);
});
afterEach(async () => {
  for (const actor of ["owner", "admin", "member", "outsider"] as const) await w.client(actor).removeAllChannels();
});
afterAll(async () => {
  for (const actor of ["owner", "admin", "member", "outsider", "anon"] as const) w?.client(actor).realtime.disconnect();
  await t?.close();
});

const topics = (world: World) => ({
  workspaceTyping: `workspace:${world.workspaceId}:typing`,
  workspace: `workspace:${world.workspaceId}`,
  workspaceOnline: `workspace:${world.workspaceId}:online`,
  privateChannel: `channel:${world.privateChannelId}`,
  privateChannelTyping: `channel:${world.privateChannelId}:typing`,
  publicChannel: `channel:${world.publicChannelId}`,
});

function privateChannel(client: SupabaseClient, topic: string): RealtimeChannel {
  return client.channel(topic, { config: { private: true, broadcast: { self: false } } });
}

describe("private broadcast topics (policies on realtime.messages)", () => {
  type Topic = keyof ReturnType<typeof topics>;
  const table: [Actor, Topic, "SUBSCRIBED" | "CHANNEL_ERROR"][] = [
    ["member", "workspaceTyping", "SUBSCRIBED"],
    ["admin", "workspace", "SUBSCRIBED"],
    ["outsider", "workspaceTyping", "CHANNEL_ERROR"],
    ["anon", "workspaceTyping", "CHANNEL_ERROR"],
    ["member", "privateChannel", "SUBSCRIBED"],
    ["member", "privateChannelTyping", "SUBSCRIBED"],
    ["admin", "privateChannelTyping", "CHANNEL_ERROR"],
    ["outsider", "publicChannel", "CHANNEL_ERROR"],
    ["admin", "publicChannel", "SUBSCRIBED"],
  ];
  it.each(table)("%s joining %s gets %s", async (actor, topic, expected) => {
    const result = await subscribe(privateChannel(w.client(actor), topics(w)[topic]));
    expect(result.status).toBe(expected);
  });

  it("carries typing sent with send_typing, naming the sender the database knows", async () => {
    const typing = collector<{ payload: Record<string, unknown> }>();
    const receiver = privateChannel(w.client("owner"), topics(w).privateChannelTyping).on(
      "broadcast",
      { event: "typing" },
      (m) => typing.push(m as never),
    );
    expect((await subscribe(receiver)).status).toBe("SUBSCRIBED");
    const { error } = await w.client("member").rpc("send_typing", { channel_id: w.privateChannelId, stopped: false });
    expect(error).toBeNull();
    expect((await typing.next())[0]?.payload).toMatchObject({ user_id: w.people.member.id, stopped: false });
  });

  it("refuses send_typing for a channel the caller cannot read", async () => {
    const { error } = await w.client("admin").rpc("send_typing", { channel_id: w.privateChannelId, stopped: false });
    expect(error).toMatchObject({ code: "42501" });
  });

  it("does not carry typing broadcast straight from a client, so no member can type as another", async () => {
    const received: Record<string, unknown>[] = [];
    const receiver = privateChannel(w.client("owner"), topics(w).privateChannelTyping).on(
      "broadcast",
      { event: "typing" },
      (m) => received.push(m.payload),
    );
    const forger = privateChannel(w.client("member"), topics(w).privateChannelTyping);
    expect((await subscribe(receiver)).status).toBe("SUBSCRIBED");
    expect((await subscribe(forger)).status).toBe("SUBSCRIBED");
    await forger.send({
      type: "broadcast",
      event: "typing",
      payload: { user_id: w.people.owner.id, name: "Someone else", stopped: false },
    });
    // The forged frame went first; once the genuine one sent after it has arrived, so would it have.
    expect(
      (await w.client("member").rpc("send_typing", { channel_id: w.privateChannelId, stopped: true })).error,
    ).toBeNull();
    await expect.poll(() => received.some((payload) => payload.stopped === true)).toBe(true);
    await quietPeriod();
    expect(received).toEqual([expect.objectContaining({ user_id: w.people.member.id, stopped: true })]);
  });
});

describe("who is online (announce_online)", () => {
  it("tells members who is online by the user id the database knows, and refuses outsiders", async () => {
    const online = collector<{ payload: Record<string, unknown> }>();
    const receiver = privateChannel(w.client("owner"), topics(w).workspaceOnline).on(
      "broadcast",
      { event: "online" },
      (m) => online.push(m as never),
    );
    expect((await subscribe(receiver)).status).toBe("SUBSCRIBED");
    expect((await w.client("member").rpc("announce_online", { workspace_id: w.workspaceId })).error).toBeNull();
    expect((await online.next())[0]?.payload).toMatchObject({ user_id: w.people.member.id });
    expect((await w.client("outsider").rpc("announce_online", { workspace_id: w.workspaceId })).error).toMatchObject({
      code: "42501",
    });
    expect((await subscribe(privateChannel(w.client("outsider"), topics(w).workspaceOnline))).status).toBe(
      "CHANNEL_ERROR",
    );
  });

  it("does not carry an online broadcast straight from a client, so no member can announce another", async () => {
    const received: Record<string, unknown>[] = [];
    const receiver = privateChannel(w.client("owner"), topics(w).workspaceOnline).on(
      "broadcast",
      { event: "online" },
      (m) => received.push(m.payload),
    );
    const forger = privateChannel(w.client("member"), topics(w).workspaceOnline);
    expect((await subscribe(receiver)).status).toBe("SUBSCRIBED");
    expect((await subscribe(forger)).status).toBe("SUBSCRIBED");
    await forger.send({ type: "broadcast", event: "online", payload: { user_id: w.people.admin.id } });
    expect((await w.client("member").rpc("announce_online", { workspace_id: w.workspaceId })).error).toBeNull();
    await expect.poll(() => received.length > 0).toBe(true);
    await quietPeriod();
    expect(received).toEqual([expect.objectContaining({ user_id: w.people.member.id })]);
  });
});

describe("postgres changes on messages", () => {
  it("reach members of a private channel and nobody else", async () => {
    const forMember = collector<{ new: { body: string } }>();
    const forAdmin = collector<unknown>();
    const filter = {
      event: "INSERT",
      schema: "public",
      table: "messages",
      filter: `channel_id=eq.${w.privateChannelId}`,
    } as const;
    const memberChannel = w
      .client("member")
      .channel("member-changes")
      .on("postgres_changes", filter, (change) => forMember.push(change as never));
    const adminChannel = w
      .client("admin")
      .channel("admin-changes")
      .on("postgres_changes", filter, (change) => forAdmin.push(change));
    expect((await subscribe(memberChannel)).status).toBe("SUBSCRIBED");
    expect((await subscribe(adminChannel)).status).toBe("SUBSCRIBED");

    const { error } = await w
      .client("owner")
      .from("messages")
      .insert({ channel_id: w.privateChannelId, body: "for members only" });
    expect(error).toBeNull();
    expect((await forMember.next())[0]?.new.body).toBe("for members only");
    await quietPeriod();
    expect(forAdmin.seen).toHaveLength(0);
  });

  it("deliver edits and soft deletes of a channel's messages", async () => {
    const updates = collector<{ new: { body: string; deleted_at: string | null } }>();
    const channel = w
      .client("member")
      .channel("member-updates")
      .on(
        "postgres_changes",
        { event: "UPDATE", schema: "public", table: "messages", filter: `channel_id=eq.${w.publicChannelId}` },
        (change) => updates.push(change as never),
      );
    expect((await subscribe(channel)).status).toBe("SUBSCRIBED");
    const { data } = await w
      .client("owner")
      .from("messages")
      .insert({ channel_id: w.publicChannelId, body: "draft" })
      .select("id")
      .single();
    await w.client("owner").from("messages").update({ body: "final" }).eq("id", data?.id);
    await w.client("owner").from("messages").update({ deleted_at: new Date().toISOString() }).eq("id", data?.id);
    const [edit, removal] = await updates.next(2);
    expect(edit?.new.body).toBe("final");
    expect(removal?.new).toMatchObject({ body: "" });
    expect(removal?.new.deleted_at).not.toBeNull();
  });
});

// Deletes reach every subscriber with the row's id only and match no filter but one on the id (see
// the migration *_realtime_deletes_reveal_nothing.sql); the screens find the id in what they read.
describe("postgres changes on deletes, as the screens use them", () => {
  async function deletesOf(actor: Actor, table: string) {
    const deletes = collector<{ old: { id?: string } }>();
    const channel = w
      .client(actor)
      .channel(`deletes-${table}`)
      .on("postgres_changes", { event: "DELETE", schema: "public", table }, (change) => deletes.push(change as never));
    expect((await subscribe(channel)).status).toBe("SUBSCRIBED");
    return deletes;
  }

  it("tell the members page that someone left by the membership id it listed", async () => {
    const leaver = await spareMember(w, "leaver");
    const { data: listed } = await w
      .client("owner")
      .from("workspace_members")
      .select("id")
      .eq("workspace_id", w.workspaceId)
      .eq("user_id", leaver.id)
      .single();
    const deletes = await deletesOf("owner", "workspace_members");
    await leaver.client.from("workspace_members").delete().eq("workspace_id", w.workspaceId).eq("user_id", leaver.id);
    const [left] = await deletes.next();
    expect(left?.old).toEqual({ id: listed?.id });
  });

  it("tell the channel screen that a reaction was taken back by the id it shows", async () => {
    const { data: message } = await w
      .client("owner")
      .from("messages")
      .insert({ channel_id: w.publicChannelId, body: "react" })
      .select("id")
      .single();
    const { data: reaction } = await w
      .client("member")
      .from("reactions")
      .insert({ message_id: message?.id, emoji: "👍" })
      .select("id")
      .single();
    const deletes = await deletesOf("owner", "reactions");
    await w.client("member").from("reactions").delete().eq("id", reaction?.id);
    const [taken] = await deletes.next();
    expect(taken?.old).toEqual({ id: reaction?.id });
  });
});
