import type { SupabaseClient } from "@supabase/supabase-js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TestStack } from "../../support/test-stack.ts";
import { startParleyStack } from "../../parley/support/parley-stack.ts";
import { type Person } from "../../parley/support/people.ts";
import { messageBy, spareMember } from "../../parley/support/world.ts";
import {
  buildSecurityWorld,
  closeRealtime,
  openDirectConversation,
  parseMatrix,
  signedInSpareMember,
  type SecurityActor,
  type SecurityWorld,
} from "../support/security-world.ts";
import { PERSONAL_MATRIX } from "./personal-matrix.ts";

let t: TestStack;
let w: SecurityWorld;
let peer: Person;
let dmId: string;

beforeAll(async () => {
  t = await startParleyStack();
  w = await buildSecurityWorld(t);
  peer = await signedInSpareMember(t, w, "peer");
  dmId = await openDirectConversation(w, peer, [w.people.member.id]);
  await setStatus(peer.id, "in a meeting", null);
});
afterAll(async () => {
  if (w) await closeRealtime(w);
  peer?.client.realtime.disconnect();
  await t?.close();
});

const clientOf = (actor: SecurityActor): SupabaseClient => w.client(actor);
const idOf = (actor: SecurityActor): string =>
  actor === "signed-out" ? "00000000-0000-0000-0000-000000000000" : w.people[actor].id;
const count = async (text: string, values: unknown[]) => (await w.base.sql(text, values)).length;

type Place = "public" | "private" | "dm";
const channelOf = (place: Place): string =>
  place === "public" ? w.base.publicChannelId : place === "private" ? w.base.privateChannelId : dmId;
/** A message in a conversation, by the peer (or the owner where the peer is not a member). */
const messageIn = (place: Place, body = "worth keeping") =>
  messageBy(w.base, place === "private" ? w.people.owner.id : peer.id, channelOf(place), body);

async function setStatus(userId: string, text: string, expiresAt: Date | null): Promise<void> {
  await w.base.sql(
    `insert into public.user_statuses (user_id, emoji, text, expires_at) values ($1, '📅', $2, $3)
     on conflict (user_id) do update set text = excluded.text, expires_at = excluded.expires_at`,
    [userId, text, expiresAt],
  );
}
const statusText = async (userId: string) =>
  (await w.base.sql<{ text: string }>("select text from public.user_statuses where user_id = $1", [userId]))[0]?.text;

async function pinnedByPeer(place: Place): Promise<string> {
  const message = await messageIn(place);
  await w.base.insert("message_pins", { message_id: message.id, pinned_by: peer.id });
  return message.id;
}
async function editedIn(place: Place): Promise<string> {
  const message = await messageIn(place, "first words");
  await w.base.sql("update public.messages set body = 'second words' where id = $1", [message.id]);
  return message.id;
}

async function seesPin(actor: SecurityActor, place: Place): Promise<boolean> {
  const id = await pinnedByPeer(place);
  const { data } = await clientOf(actor).from("message_pins").select("message_id").eq("message_id", id);
  return (data ?? []).length === 1;
}
async function pins(actor: SecurityActor, place: Place, pinnedBy = idOf(actor)): Promise<boolean> {
  const message = await messageIn(place);
  await clientOf(actor).from("message_pins").insert({ message_id: message.id, pinned_by: pinnedBy });
  return (await count("select 1 from public.message_pins where message_id = $1", [message.id])) === 1;
}
async function unpins(actor: SecurityActor, place: Place): Promise<boolean> {
  const id = await pinnedByPeer(place);
  await clientOf(actor).from("message_pins").delete().eq("message_id", id);
  return (await count("select 1 from public.message_pins where message_id = $1", [id])) === 0;
}
async function saves(actor: SecurityActor, place: Place, userId = idOf(actor)): Promise<boolean> {
  const message = await messageIn(place);
  await clientOf(actor).from("saved_messages").insert({ message_id: message.id, user_id: userId });
  return (await count("select 1 from public.saved_messages where message_id = $1", [message.id])) === 1;
}
async function savedBy(userId: string): Promise<string> {
  const message = await messageIn("public");
  await w.base.insert("saved_messages", { message_id: message.id, user_id: userId });
  return message.id;
}
async function removesSaved(actor: SecurityActor, userId: string): Promise<boolean> {
  const id = await savedBy(userId);
  await clientOf(actor).from("saved_messages").delete().eq("message_id", id);
  return (await count("select 1 from public.saved_messages where message_id = $1", [id])) === 0;
}
async function readsHistory(actor: SecurityActor, place: Place): Promise<boolean> {
  const id = await editedIn(place);
  const { data } = await clientOf(actor).from("message_edits").select("body").eq("message_id", id);
  return (data ?? []).some((row: { body: string }) => row.body === "first words");
}
async function setsTimeZone(actor: SecurityActor, zone: string): Promise<boolean> {
  await clientOf(actor).from("profiles").update({ time_zone: zone }).eq("id", idOf(actor));
  return (await count("select 1 from public.profiles where id = $1 and time_zone = $2", [idOf(actor), zone])) === 1;
}

type Attempt = (actor: SecurityActor) => Promise<boolean>;

const attempts: Record<string, Attempt> = {
  "see a pin in the public channel": (actor) => seesPin(actor, "public"),
  "see a pin in the private channel": (actor) => seesPin(actor, "private"),
  "see a pin in the DM": (actor) => seesPin(actor, "dm"),
  "pin a message in the public channel": (actor) => pins(actor, "public"),
  "pin a message in the private channel": (actor) => pins(actor, "private"),
  "pin a message in the DM": (actor) => pins(actor, "dm"),
  "pin a message in the peer's name": (actor) => pins(actor, "public", peer.id),
  "unpin the peer's pin in the public channel": (actor) => unpins(actor, "public"),
  "unpin the peer's pin in the DM": (actor) => unpins(actor, "dm"),
  "see what the peer saved": async (actor) => {
    const id = await savedBy(peer.id);
    const { data } = await clientOf(actor).from("saved_messages").select("message_id").eq("message_id", id);
    return (data ?? []).length === 1;
  },
  "save a message in the public channel": (actor) => saves(actor, "public"),
  "save a message in the DM": (actor) => saves(actor, "dm"),
  "save a message in the peer's name": (actor) => saves(actor, "public", peer.id),
  "remove what the peer saved": (actor) => removesSaved(actor, peer.id),
  "remove what they saved from the public channel": (actor) =>
    actor === "signed-out" ? removesSaved(actor, peer.id) : removesSaved(actor, idOf(actor)),
  "read the history of a public message": (actor) => readsHistory(actor, "public"),
  "read the history of a private channel's message": (actor) => readsHistory(actor, "private"),
  "read the history of a DM's message": (actor) => readsHistory(actor, "dm"),
  "write a false earlier version": async (actor) => {
    const message = await messageIn("public");
    await clientOf(actor).from("message_edits").insert({
      message_id: message.id,
      channel_id: w.base.publicChannelId,
      body: "words never written",
      written_at: new Date().toISOString(),
    });
    return (await count("select 1 from public.message_edits where message_id = $1", [message.id])) === 1;
  },
  "erase a message's history": async (actor) => {
    const id = await editedIn("public");
    await clientOf(actor).from("message_edits").delete().eq("message_id", id);
    return (await count("select 1 from public.message_edits where message_id = $1", [id])) === 0;
  },
  "see the peer's status": async (actor) => {
    const { data } = await clientOf(actor).from("user_statuses").select("text").eq("user_id", peer.id);
    return (data ?? []).some((row: { text: string }) => row.text === "in a meeting");
  },
  "see a teammate's expired status": async (actor) => {
    const teammate = await spareMember(w.base, "away");
    await setStatus(teammate.id, "back soon", new Date(Date.now() - 60_000));
    const { data } = await clientOf(actor).from("user_statuses").select("text").eq("user_id", teammate.id);
    return (data ?? []).length === 1;
  },
  "set their own status": async (actor) => {
    const text = `focus ${actor}`;
    await clientOf(actor)
      .from("user_statuses")
      .upsert({ user_id: idOf(actor), emoji: "🎯", text, do_not_disturb: true, expires_at: null });
    return (await statusText(idOf(actor))) === text;
  },
  "set a status in the peer's name": async (actor) => {
    const someone = await spareMember(w.base, "quiet");
    await clientOf(actor).from("user_statuses").insert({ user_id: someone.id, text: "put words in their mouth" });
    return (await statusText(someone.id)) !== undefined;
  },
  "change the peer's status": async (actor) => {
    await clientOf(actor).from("user_statuses").update({ text: "hijacked" }).eq("user_id", peer.id);
    const changed = (await statusText(peer.id)) === "hijacked";
    if (changed) await setStatus(peer.id, "in a meeting", null);
    return changed;
  },
  "clear the peer's status": async (actor) => {
    await clientOf(actor).from("user_statuses").delete().eq("user_id", peer.id);
    const cleared = (await statusText(peer.id)) === undefined;
    if (cleared) await setStatus(peer.id, "in a meeting", null);
    return cleared;
  },
  "set their own time zone": (actor) => setsTimeZone(actor, "Asia/Tokyo"),
  "set a time zone that does not exist": (actor) => setsTimeZone(actor, "Mars/Olympus_Mons"),
};

describe("pins, saved items, edit history and status: each visible only where its message or person is", () => {
  const cases = parseMatrix<[string, string]>(PERSONAL_MATRIX, 2).map(
    ({ labels: [, action], actor, allowed }) => [actor, action, allowed] as const,
  );
  it.each(cases)("%s: %s → allowed %s", async (actor, action, allowed) => {
    const attempt = attempts[action];
    if (!attempt) throw new Error(`no attempt for ${action}`);
    expect(await attempt(actor)).toBe(allowed);
  });
});

describe("edit history is kept by the database", () => {
  it("keeps each earlier version of an edited message, oldest first", async () => {
    const message = await messageIn("public", "one");
    for (const body of ["two", "three"])
      await peer.client.from("messages").update({ body }).eq("id", message.id).throwOnError();
    const { data } = await w
      .client("member")
      .from("message_edits")
      .select("body")
      .eq("message_id", message.id)
      .order("replaced_at");
    expect((data ?? []).map((row: { body: string }) => row.body)).toEqual(["one", "two"]);
  });

  it("forgets the history and the pins of a message its author deletes", async () => {
    const id = await editedIn("public");
    await w.base.insert("message_pins", { message_id: id, pinned_by: peer.id });
    await peer.client.from("messages").update({ deleted_at: new Date().toISOString() }).eq("id", id).throwOnError();
    const { data: history } = await w.client("member").from("message_edits").select("body").eq("message_id", id);
    const { data: pinned } = await w.client("member").from("message_pins").select("message_id").eq("message_id", id);
    expect([history, pinned]).toEqual([[], []]);
  });
});
