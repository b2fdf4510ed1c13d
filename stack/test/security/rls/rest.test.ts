import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TestStack } from "../../support/test-stack.ts";
import { attemptTableAction } from "../../parley/support/attempt-table-action.ts";
import type { Action } from "../../parley/support/policy-operations.ts";
import { startParleyStack } from "../../parley/support/parley-stack.ts";
import { createPerson } from "../../parley/support/people.ts";
import { messageBy, spareMember } from "../../parley/support/world.ts";
import { buildSecurityWorld, parseMatrix, type SecurityActor, type SecurityWorld } from "../support/security-world.ts";
import { REST_ESCALATION_MATRIX, REST_RPC_MATRIX, REST_TABLE_MATRIX } from "./rest-matrix.ts";

let t: TestStack;
let w: SecurityWorld;
beforeAll(async () => {
  t = await startParleyStack();
  w = await buildSecurityWorld(t);
});
afterAll(() => t?.close());

/** Each RPC, tried as the actor: true when it answers as the matrix's ✓ describes. */
const rpcAttempts: Record<string, (actor: SecurityActor) => Promise<boolean>> = {
  create_workspace: async (actor) => {
    const slug = `rpc-${randomUUID().slice(0, 8)}`;
    const { error } = await w.client(actor).rpc("create_workspace", { name: "Via RPC", slug });
    const [row] = await w.base.sql<{ role: string }>(
      "select m.role from public.workspaces ws join public.workspace_members m on m.workspace_id = ws.id where ws.slug = $1",
      [slug],
    );
    return error === null && row?.role === "owner";
  },
  search_messages: async (actor) => {
    const word = `needle${randomUUID().slice(0, 8)}`;
    await messageBy(w.base, w.people.owner.id, w.base.privateChannelId, `private ${word}`);
    const { data, error } = await w
      .client(actor)
      .rpc("search_messages", { workspace_id: w.base.workspaceId, query: word });
    return error === null && Array.isArray(data) && data.length === 1;
  },
  mark_channel_read: async (actor) => {
    const { error } = await w.client(actor).rpc("mark_channel_read", { channel_id: w.base.privateChannelId });
    const id = actor === "signed-out" ? null : w.people[actor].id;
    const markers = await w.base.sql("select 1 from public.read_markers where user_id = $1 and channel_id = $2", [
      id,
      w.base.privateChannelId,
    ]);
    return error === null && markers.length === 1;
  },
  channel_unread_counts: async (actor) => {
    const { data, error } = await w.client(actor).rpc("channel_unread_counts", { workspace_id: w.base.workspaceId });
    return (
      error === null &&
      Array.isArray(data) &&
      data.some((row: { channel_id: string }) => row.channel_id === w.base.privateChannelId)
    );
  },
  prepare_account_deletion: async (actor) => {
    const victim = await createPerson(t, "victim");
    const { error } = await w.client(actor).rpc("prepare_account_deletion", { target_user: victim.id });
    return error === null;
  },
};

const idOf = (actor: SecurityActor) => (actor === "signed-out" ? null : w.people[actor].id);
/** Someone other than the actor, in whose name they try to act. */
const someoneElse = (actor: SecurityActor) => (actor === "member" ? w.people.owner.id : w.people.member.id);

/** A private channel of the owner's with the member in it (the admin is not), fresh for each case. */
async function freshPrivateChannel(): Promise<string> {
  const channel = await w.base.insert<{ id: string }>("channels", {
    workspace_id: w.base.workspaceId,
    name: `p-${randomUUID().slice(0, 8)}`,
    is_private: true,
    created_by: w.people.owner.id,
  });
  await w.base.insert("channel_members", { channel_id: channel.id, user_id: w.people.member.id });
  return channel.id;
}

const freshPublicChannel = async (): Promise<string> =>
  (
    await w.base.insert<{ id: string }>("channels", {
      workspace_id: w.base.workspaceId,
      name: `o-${randomUUID().slice(0, 8)}`,
      created_by: w.people.owner.id,
    })
  ).id;

/** Each escalation, tried as the actor: true when it worked (judged from the database). */
const escalations: Record<string, (actor: SecurityActor) => Promise<boolean>> = {
  "join a private channel I am not in": async (actor) => {
    const creator = await spareMember(w.base, "creator");
    const channel = await w.base.insert<{ id: string }>("channels", {
      workspace_id: w.base.workspaceId,
      name: `hush-${randomUUID().slice(0, 8)}`,
      is_private: true,
      created_by: creator.id,
    });
    await w
      .client(actor)
      .from("channel_members")
      .insert({ channel_id: channel.id, user_id: idOf(actor) });
    return (
      (
        await w.base.sql("select 1 from public.channel_members where channel_id = $1 and user_id = $2", [
          channel.id,
          idOf(actor),
        ])
      ).length === 1
    );
  },
  "soft-delete a message in the private channel": async (actor) => {
    const message = await messageBy(w.base, w.people.member.id, w.base.privateChannelId, "private words");
    await w.client(actor).from("messages").update({ deleted_at: new Date().toISOString() }).eq("id", message.id);
    const [row] = await w.base.sql<{ deleted_at: Date | null }>(
      "select deleted_at from public.messages where id = $1",
      [message.id],
    );
    return row?.deleted_at !== null;
  },
  "post in an archived channel": async (actor) => {
    const channel = await w.base.insert<{ id: string }>("channels", {
      workspace_id: w.base.workspaceId,
      name: `old-${randomUUID().slice(0, 8)}`,
      created_by: w.people.owner.id,
      archived_at: new Date(),
    });
    await w.client(actor).from("messages").insert({ channel_id: channel.id, body: "still here?" });
    return (await w.base.sql("select 1 from public.messages where channel_id = $1", [channel.id])).length > 0;
  },
  "reply in the private channel's thread": async (actor) => {
    const parent = await messageBy(w.base, w.people.owner.id, w.base.privateChannelId, "thread start");
    await w
      .client(actor)
      .from("messages")
      .insert({ channel_id: w.base.privateChannelId, thread_parent_id: parent.id, body: "a reply" });
    return (await w.base.sql("select 1 from public.messages where thread_parent_id = $1", [parent.id])).length === 1;
  },
  "make the private channel public": async (actor) => {
    const channelId = await freshPrivateChannel();
    await w.client(actor).from("channels").update({ is_private: false }).eq("id", channelId);
    const [row] = await w.base.sql<{ is_private: boolean }>("select is_private from public.channels where id = $1", [
      channelId,
    ]);
    return row?.is_private === false;
  },
  "make a public channel private and keep reading it": async (actor) => {
    const channelId = await freshPublicChannel();
    const message = await messageBy(w.base, w.people.owner.id, channelId, "before it went private");
    await w.client(actor).from("channels").update({ is_private: true }).eq("id", channelId);
    const [row] = await w.base.sql<{ is_private: boolean }>("select is_private from public.channels where id = $1", [
      channelId,
    ]);
    const { data } = await w.client(actor).from("messages").select("id").eq("id", message.id);
    return row?.is_private === true && data?.length === 1;
  },
  "add a user to my own workspace": async (actor) => {
    const slug = `own-${randomUUID().slice(0, 8)}`;
    const { data: workspace } = await w.client(actor).rpc("create_workspace", { name: "Mine", slug });
    const workspaceId = (workspace as { id?: string } | null)?.id ?? w.base.workspaceId;
    const victim = await createPerson(t, "victim");
    await w
      .client(actor)
      .from("workspace_members")
      .insert({ workspace_id: workspaceId, user_id: victim.id, role: "member" });
    return (await w.base.sql("select 1 from public.workspace_members where user_id = $1", [victim.id])).length === 1;
  },
  "credit someone else for adding a channel member": async (actor) => {
    const channelId = await freshPublicChannel();
    await w
      .client(actor)
      .from("channel_members")
      .insert({ channel_id: channelId, user_id: idOf(actor), added_by: someoneElse(actor) });
    return (
      (
        await w.base.sql("select 1 from public.channel_members where channel_id = $1 and added_by = $2", [
          channelId,
          someoneElse(actor),
        ])
      ).length === 1
    );
  },
  "react in someone else's name": async (actor) => {
    const message = await messageBy(w.base, w.people.owner.id, w.base.publicChannelId, "react to me");
    await w
      .client(actor)
      .from("reactions")
      .insert({ message_id: message.id, emoji: "🙃", user_id: someoneElse(actor) });
    return (await w.base.sql("select 1 from public.reactions where message_id = $1", [message.id])).length === 1;
  },
  "mark a channel read in someone else's name": async (actor) => {
    const channelId = await freshPublicChannel();
    await w
      .client(actor)
      .from("read_markers")
      .insert({ channel_id: channelId, user_id: someoneElse(actor) });
    return (await w.base.sql("select 1 from public.read_markers where channel_id = $1", [channelId])).length === 1;
  },
};

describe("REST: row level security on every table, for every kind of caller", () => {
  const cases = parseMatrix<[string, Action]>(REST_TABLE_MATRIX, 2).map(
    ({ labels: [table, action], actor, allowed }) => [actor, action, table, allowed] as const,
  );
  it.each(cases)("%s: %s on %s → allowed %s", async (actor, action, table, allowed) => {
    expect(await attemptTableAction(w.extended, w.parleyActor(actor), action, table)).toBe(allowed);
  });
});

describe("REST: escalations beyond single-table rules", () => {
  const cases = parseMatrix<[string]>(REST_ESCALATION_MATRIX, 1).map(
    ({ labels: [name], actor, allowed }) => [actor, name, allowed] as const,
  );
  it.each(cases)("%s: %s → allowed %s", async (actor, name, allowed) => {
    const attempt = escalations[name];
    if (!attempt) throw new Error(`no attempt for ${name}`);
    expect(await attempt(actor)).toBe(allowed);
  });
});

describe("REST: database functions (RPC)", () => {
  const cases = parseMatrix<[string]>(REST_RPC_MATRIX, 1).map(
    ({ labels: [name], actor, allowed }) => [actor, name, allowed] as const,
  );
  it.each(cases)("%s: rpc %s → allowed %s", async (actor, name, allowed) => {
    const attempt = rpcAttempts[name];
    if (!attempt) throw new Error(`no attempt for ${name}`);
    expect(await attempt(actor)).toBe(allowed);
  });

  it("refuses anonymous sign-ins, as supabase/config.toml says (enable_anonymous_sign_ins = false)", async () => {
    const { error } = await w.client("signed-out").auth.signInAnonymously();
    expect(error).toMatchObject({ status: 422, code: "anonymous_provider_disabled" });
  });
});
