import { randomUUID } from "node:crypto";
import type { SupabaseClient } from "@supabase/supabase-js";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import type { TestStack } from "../../support/test-stack.ts";
import { collector, subscribe } from "../../realtime/helpers.ts";
import { startParleyStack } from "../../parley/support/parley-stack.ts";
import { createPerson, type Person } from "../../parley/support/people.ts";
import { messageBy, spareMember } from "../../parley/support/world.ts";
import {
  buildSecurityWorld,
  closeRealtime,
  openDirectConversation,
  parseMatrix,
  signedInSpareMember,
  type SecurityWorld,
} from "../support/security-world.ts";
import { DM_ACTORS, DM_MATRIX, type DmActor } from "./direct-messages-matrix.ts";

let t: TestStack;
let w: SecurityWorld;
let peer: Person;
let bystander: Person;
let dmId: string;

beforeAll(async () => {
  t = await startParleyStack();
  w = await buildSecurityWorld(t);
  peer = await signedInSpareMember(t, w, "peer");
  bystander = await signedInSpareMember(t, w, "bystander");
  dmId = await openDirectConversation(w, peer, [w.people.member.id]);
});
afterEach(async () => {
  for (const client of [...DM_ACTORS.map(clientOf), peer.client]) await client.removeAllChannels();
});
afterAll(async () => {
  if (w) await closeRealtime(w);
  for (const person of [peer, bystander]) person?.client.realtime.disconnect();
  await t?.close();
});

function clientOf(actor: DmActor): SupabaseClient {
  if (actor === "participant") return w.client("member");
  if (actor === "bystander") return bystander.client;
  return w.client(actor);
}
const idOf = (actor: DmActor): string | null => {
  if (actor === "signed-out") return null;
  if (actor === "participant") return w.people.member.id;
  if (actor === "bystander") return bystander.id;
  return w.people[actor].id;
};

const count = async (text: string, values: unknown[]) => (await w.base.sql(text, values)).length;

/** A group DM of the peer, the participant and a new member, for attempts that would change or remove it. */
async function freshDm(): Promise<string> {
  const third = await spareMember(w.base, "third");
  const { data, error } = await peer.client.rpc("open_direct_conversation", {
    workspace_id: w.base.workspaceId,
    member_ids: [w.people.member.id, third.id],
  });
  if (error || typeof data !== "string") throw new Error(`arranging a DM: ${error?.message}`);
  return data;
}
const dmRow = async (id: string) =>
  (
    await w.base.sql<{ name: string; topic: string; is_private: boolean; archived_at: Date | null }>(
      "select name, topic, is_private, archived_at from public.channels where id = $1",
      [id],
    )
  )[0];
const peerMessage = (body = "just between us") => messageBy(w.base, peer.id, dmId, body);

/** A file the peer uploads into the DM's folder through the API. */
async function peerFile(channelId = dmId): Promise<string> {
  const path = `${w.base.workspaceId}/${channelId}/${randomUUID()}/note.txt`;
  const { error } = await peer.client.storage
    .from("attachments")
    .upload(path, new Blob(["secret"], { type: "text/plain" }), { contentType: "text/plain" });
  if (error) throw new Error(`arranging ${path}: ${error.message}`);
  return path;
}

/** The DM of the actor and the peer (the peer opens it, so it exists whatever the actor may do). */
async function dmWithPeer(actor: DmActor): Promise<string> {
  const id = idOf(actor);
  if (id === null || actor === "outsider" || actor === "anonymous") return dmId;
  const { data, error } = await peer.client.rpc("open_direct_conversation", {
    workspace_id: w.base.workspaceId,
    member_ids: [id],
  });
  if (error || typeof data !== "string") throw new Error(`arranging a DM with ${actor}: ${error?.message}`);
  return data;
}

async function peerAttachment(channelId = dmId): Promise<string> {
  const message = await messageBy(w.base, peer.id, channelId, "a file for you");
  const row = await w.base.insert<{ id: string }>("attachments", {
    message_id: message.id,
    workspace_id: w.base.workspaceId,
    channel_id: channelId,
    uploader_id: peer.id,
    object_path: `${w.base.workspaceId}/${channelId}/${randomUUID()}/plan.txt`,
    name: "plan.txt",
    size_bytes: 6,
    mime_type: "text/plain",
  });
  return row.id;
}

/** Waits for an event: generously when the row is allowed, a bounded time for a leak to show. */
async function arrives(events: ReturnType<typeof collector<unknown>>, allowed: boolean): Promise<boolean> {
  try {
    await events.next(1, allowed ? 15_000 : 3_000);
    return true;
  } catch {
    return false;
  }
}

async function changesOf(actor: DmActor, table: string, filter: string) {
  const events = collector<unknown>();
  const channel = clientOf(actor)
    .channel(`dm-changes-${randomUUID()}`)
    .on("postgres_changes", { event: "INSERT", schema: "public", table, filter } as never, (change: unknown) =>
      events.push(change),
    );
  const joined = (await subscribe(channel)).status === "SUBSCRIBED";
  return { joined, events };
}

type Attempt = (actor: DmActor, allowed: boolean) => Promise<boolean>;

const attempts: Record<string, Attempt> = {
  "see the DM": async (actor) => {
    const { data } = await clientOf(actor).from("channels").select("id").eq("id", dmId);
    return (data ?? []).length === 1;
  },
  "rename the DM": async (actor) => {
    const id = await freshDm();
    await clientOf(actor)
      .from("channels")
      .update({ name: `renamed-${id.slice(0, 8)}`, topic: "new topic" })
      .eq("id", id);
    const row = await dmRow(id);
    return row?.name.startsWith("renamed-") || row?.topic === "new topic";
  },
  "archive the DM": async (actor) => {
    const id = await freshDm();
    await clientOf(actor).from("channels").update({ archived_at: new Date().toISOString() }).eq("id", id);
    return (await dmRow(id))?.archived_at !== null;
  },
  "make the DM public": async (actor) => {
    const id = await freshDm();
    await clientOf(actor).from("channels").update({ is_private: false }).eq("id", id);
    return (await dmRow(id))?.is_private === false;
  },
  "delete the DM": async (actor) => {
    const id = await freshDm();
    await clientOf(actor).from("channels").delete().eq("id", id);
    return (await dmRow(id)) === undefined;
  },
  "insert a DM straight into channels": async (actor) => {
    const id = randomUUID();
    await clientOf(actor)
      .from("channels")
      .insert({
        id,
        workspace_id: w.base.workspaceId,
        name: `dm-${id.slice(0, 8)}`,
        is_private: true,
        kind: "direct",
        direct_member_ids: [idOf(actor), peer.id].sort(),
      });
    return (await count("select 1 from public.channels where id = $1", [id])) === 1;
  },
  "see who is in the DM": async (actor) => {
    const { data } = await clientOf(actor).from("channel_members").select("user_id").eq("channel_id", dmId);
    return (data ?? []).some((row: { user_id: string }) => row.user_id === peer.id);
  },
  "join the DM": async (actor) => {
    const { error } = await clientOf(actor)
      .from("channel_members")
      .insert({ channel_id: dmId, user_id: idOf(actor) });
    return error === null;
  },
  "add the bystander to the DM": async (actor) => {
    await clientOf(actor).from("channel_members").insert({ channel_id: dmId, user_id: bystander.id });
    const added = await w.base.sql(
      "delete from public.channel_members where channel_id = $1 and user_id = $2 returning 1",
      [dmId, bystander.id],
    );
    return added.length === 1;
  },
  "remove the peer from the DM": async (actor) => {
    await clientOf(actor).from("channel_members").delete().eq("channel_id", dmId).eq("user_id", peer.id);
    const gone =
      (await count("select 1 from public.channel_members where channel_id = $1 and user_id = $2", [dmId, peer.id])) ===
      0;
    if (gone) await w.base.insert("channel_members", { channel_id: dmId, user_id: peer.id });
    return gone;
  },
  "leave the DM": async (actor) => {
    await clientOf(actor).from("channel_members").delete().eq("channel_id", dmId).eq("user_id", w.people.member.id);
    const gone =
      (await count("select 1 from public.channel_members where channel_id = $1 and user_id = $2", [
        dmId,
        w.people.member.id,
      ])) === 0;
    if (gone) await w.base.insert("channel_members", { channel_id: dmId, user_id: w.people.member.id });
    return gone;
  },
  "read the peer's message": async (actor) => {
    const message = await peerMessage();
    const { data } = await clientOf(actor).from("messages").select("body").eq("id", message.id);
    return (data ?? []).length === 1;
  },
  "post in the DM": async (actor) => {
    const body = `hello ${randomUUID()}`;
    await clientOf(actor).from("messages").insert({ channel_id: dmId, body });
    return (await count("select 1 from public.messages where body = $1", [body])) === 1;
  },
  "reply in the DM's thread": async (actor) => {
    const parent = await peerMessage("start of a thread");
    await clientOf(actor).from("messages").insert({ channel_id: dmId, thread_parent_id: parent.id, body: "a reply" });
    return (await count("select 1 from public.messages where thread_parent_id = $1", [parent.id])) === 1;
  },
  "soft-delete the peer's message": async (actor) => {
    const message = await peerMessage();
    await clientOf(actor).from("messages").update({ deleted_at: new Date().toISOString() }).eq("id", message.id);
    return (await count("select 1 from public.messages where id = $1 and deleted_at is not null", [message.id])) === 1;
  },
  "soft-delete the peer's message in a DM of their own": async (actor) => {
    const ownDm = await dmWithPeer(actor);
    const message = await messageBy(w.base, peer.id, ownDm, "mine to keep");
    await clientOf(actor).from("messages").update({ deleted_at: new Date().toISOString() }).eq("id", message.id);
    return (await count("select 1 from public.messages where id = $1 and deleted_at is not null", [message.id])) === 1;
  },
  "remove the peer's attachment in a DM of their own": async (actor) => {
    const id = await peerAttachment(await dmWithPeer(actor));
    await clientOf(actor).from("attachments").delete().eq("id", id);
    return (await count("select 1 from public.attachments where id = $1", [id])) === 0;
  },
  "see the peer's reaction": async (actor) => {
    const message = await peerMessage();
    await w.base.insert("reactions", { message_id: message.id, channel_id: dmId, user_id: peer.id, emoji: "🤫" });
    const { data } = await clientOf(actor).from("reactions").select("emoji").eq("message_id", message.id);
    return (data ?? []).length === 1;
  },
  "react in the DM": async (actor) => {
    const message = await peerMessage();
    await clientOf(actor).from("reactions").insert({ message_id: message.id, emoji: "👍" });
    return (await count("select 1 from public.reactions where message_id = $1", [message.id])) === 1;
  },
  "see the peer's attachment": async (actor) => {
    const id = await peerAttachment();
    const { data } = await clientOf(actor).from("attachments").select("name").eq("id", id);
    return (data ?? []).length === 1;
  },
  "remove the peer's attachment": async (actor) => {
    const id = await peerAttachment();
    await clientOf(actor).from("attachments").delete().eq("id", id);
    return (await count("select 1 from public.attachments where id = $1", [id])) === 0;
  },
  "download the peer's file": async (actor) => {
    const path = await peerFile();
    const { data, error } = await clientOf(actor).storage.from("attachments").download(path);
    return error === null && (await data?.text()) === "secret";
  },
  "list the DM's folder": async (actor) => {
    const path = await peerFile();
    const folder = `${w.base.workspaceId}/${dmId}`;
    const { data } = await clientOf(actor).storage.from("attachments").list(folder);
    return (data ?? []).some((entry) => entry.name === path.split("/")[2]);
  },
  "upload into the DM's folder": async (actor) => {
    const path = `${w.base.workspaceId}/${dmId}/${randomUUID()}/mine.txt`;
    await clientOf(actor)
      .storage.from("attachments")
      .upload(path, new Blob(["mine"], { type: "text/plain" }), { contentType: "text/plain" });
    return (await count("select 1 from storage.objects where bucket_id = 'attachments' and name = $1", [path])) === 1;
  },
  "remove the peer's file": async (actor) => {
    const path = await peerFile();
    await clientOf(actor).storage.from("attachments").remove([path]);
    return (await count("select 1 from storage.objects where bucket_id = 'attachments' and name = $1", [path])) === 0;
  },
  "remove the peer's file in a DM of their own": async (actor) => {
    const path = await peerFile(await dmWithPeer(actor));
    await clientOf(actor).storage.from("attachments").remove([path]);
    return (await count("select 1 from storage.objects where bucket_id = 'attachments' and name = $1", [path])) === 0;
  },
  "receive the peer's message (postgres_changes)": async (actor, allowed) => {
    const { joined, events } = await changesOf(actor, "messages", `channel_id=eq.${dmId}`);
    await peerMessage("did you get this?");
    return joined && (await arrives(events, allowed));
  },
  "hear of a new DM they are in (postgres_changes)": async (actor, allowed) => {
    const { joined, events } = await changesOf(actor, "channels", `workspace_id=eq.${w.base.workspaceId}`);
    const third = await spareMember(w.base, "third");
    const { error } = await peer.client.rpc("open_direct_conversation", {
      workspace_id: w.base.workspaceId,
      member_ids: [w.people.member.id, third.id],
    });
    if (error) throw new Error(`opening a group DM: ${error.message}`);
    return joined && (await arrives(events, allowed));
  },
  "receive the peer typing": async (actor, allowed) => {
    const events = collector<unknown>();
    const channel = clientOf(actor)
      .channel(`channel:${dmId}:typing`, { config: { private: true } })
      .on("broadcast", { event: "typing" }, (message) => events.push(message));
    const joined = (await subscribe(channel)).status === "SUBSCRIBED";
    const { error } = await peer.client.rpc("send_typing", { channel_id: dmId });
    if (error) throw new Error(`peer typing: ${error.message}`);
    return joined && (await arrives(events, allowed));
  },
  "send typing (send_typing)": async (actor) => {
    const { error } = await clientOf(actor).rpc("send_typing", { channel_id: dmId });
    return error === null;
  },
  "find the DM's message (search_messages)": async (actor) => {
    const word = `hush${randomUUID().slice(0, 8)}`;
    await peerMessage(`only for you ${word}`);
    const { data } = await clientOf(actor).rpc("search_messages", { workspace_id: w.base.workspaceId, query: word });
    return Array.isArray(data) && data.length === 1;
  },
  "see the DM's unread count (channel_unread_counts)": async (actor) => {
    const { data } = await clientOf(actor).rpc("channel_unread_counts", { workspace_id: w.base.workspaceId });
    return Array.isArray(data) && data.some((row: { channel_id: string }) => row.channel_id === dmId);
  },
  "mark the DM read (mark_channel_read)": async (actor) => {
    await clientOf(actor).rpc("mark_channel_read", { channel_id: dmId });
    return (
      (await count("select 1 from public.read_markers where channel_id = $1 and user_id = $2", [dmId, idOf(actor)])) ===
      1
    );
  },
  "reopen the DM with the peer, same id": async (actor) => {
    const { data } = await clientOf(actor).rpc("open_direct_conversation", {
      workspace_id: w.base.workspaceId,
      member_ids: [w.people.member.id, peer.id],
    });
    return data === dmId;
  },
  "open a DM with a member of the workspace": async (actor) => {
    const colleague = await spareMember(w.base, "colleague");
    const client = clientOf(actor);
    const { data, error } = await client.rpc("open_direct_conversation", {
      workspace_id: w.base.workspaceId,
      member_ids: [colleague.id],
    });
    if (error || typeof data !== "string") return false;
    const { data: seen } = await client.from("channels").select("kind").eq("id", data);
    return (seen ?? []).length === 1;
  },
  "open a DM with someone outside the workspace": async (actor) => {
    const stranger = actor === "outsider" ? await createPerson(t, "stranger") : w.people.outsider;
    const { data, error } = await clientOf(actor).rpc("open_direct_conversation", {
      workspace_id: w.base.workspaceId,
      member_ids: [stranger.id],
    });
    return error === null && typeof data === "string";
  },
  "find the DM in the channel directory": async (actor) => {
    const { data } = await clientOf(actor).rpc("channel_directory", { workspace_id: w.base.workspaceId });
    return Array.isArray(data) && data.some((row: { id: string }) => row.id === dmId);
  },
};

describe("direct messages: private to their people, whatever a workspace admin may do elsewhere", () => {
  const cases = parseMatrix<[string, string], DmActor>(DM_MATRIX, 2, DM_ACTORS).map(
    ({ labels: [, action], actor, allowed }) => [actor, action, allowed] as const,
  );
  it.each(cases)("%s: %s → allowed %s", async (actor, action, allowed) => {
    const attempt = attempts[action];
    if (!attempt) throw new Error(`no attempt for ${action}`);
    expect(await attempt(actor, allowed)).toBe(allowed);
  });
});
