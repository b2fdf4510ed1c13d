import { randomUUID } from "node:crypto";
import type { SupabaseClient } from "@supabase/supabase-js";
import type { TestStack } from "../../support/test-stack.ts";
import { anonymousClient, createPerson, type Person } from "./people.ts";

export type Actor = "owner" | "admin" | "member" | "outsider" | "anon";
export const ACTORS: readonly Actor[] = ["owner", "admin", "member", "outsider", "anon"];

/**
 * One workspace with an owner, an admin and a member; an outsider who owns another workspace; a
 * public channel, a second public channel and a private channel whose members are the owner and
 * the member (not the admin).
 */
export interface World {
  t: TestStack;
  people: Record<Exclude<Actor, "anon">, Person>;
  workspaceId: string;
  otherWorkspaceId: string;
  publicChannelId: string;
  otherPublicChannelId: string;
  privateChannelId: string;
  client(actor: Actor): SupabaseClient;
  /** Runs SQL as the database owner (bypassing RLS), to arrange and to check. */
  sql<T extends Record<string, unknown>>(text: string, values?: unknown[]): Promise<T[]>;
  /** Inserts a row as the database owner and returns it. */
  insert<T extends Record<string, unknown>>(table: string, row: Record<string, unknown>): Promise<T>;
}

export async function buildWorld(t: TestStack): Promise<World> {
  const sql = async <T extends Record<string, unknown>>(text: string, values: unknown[] = []) =>
    (await t.stack.db.admin.query(text, values)).rows as T[];
  const insert = async <T extends Record<string, unknown>>(table: string, row: Record<string, unknown>) => {
    const columns = Object.keys(row);
    const [created] = await sql<T>(
      `insert into public.${table} (${columns.map((c) => `"${c}"`).join(", ")}) values (${columns.map((_, i) => `$${i + 1}`).join(", ")}) returning *`,
      Object.values(row),
    );
    if (!created) throw new Error(`no row inserted into ${table}`);
    return created;
  };
  const [owner, admin, member, outsider] = await Promise.all(
    (["owner", "admin", "member", "outsider"] as const).map((label) => createPerson(t, label)),
  );
  if (!owner || !admin || !member || !outsider) throw new Error("people not created");

  const workspaceId = randomUUID();
  const otherWorkspaceId = randomUUID();
  await insert("workspaces", {
    id: workspaceId,
    name: "Policy test",
    slug: `policy-${workspaceId.slice(0, 8)}`,
    created_by: owner.id,
  });
  await insert("workspaces", {
    id: otherWorkspaceId,
    name: "Elsewhere",
    slug: `elsewhere-${otherWorkspaceId.slice(0, 8)}`,
    created_by: outsider.id,
  });
  await insert("workspace_members", { workspace_id: workspaceId, user_id: admin.id, role: "admin" });
  await insert("workspace_members", { workspace_id: workspaceId, user_id: member.id, role: "member" });
  const publicChannel = await insert<{ id: string }>("channels", {
    workspace_id: workspaceId,
    name: "open",
    created_by: owner.id,
  });
  const otherPublic = await insert<{ id: string }>("channels", {
    workspace_id: workspaceId,
    name: "open-too",
    created_by: owner.id,
  });
  const privateChannel = await insert<{ id: string }>("channels", {
    workspace_id: workspaceId,
    name: "secret",
    is_private: true,
    created_by: owner.id,
  });
  await insert("channel_members", { channel_id: privateChannel.id, user_id: member.id });

  const people = { owner, admin, member, outsider };
  const anon = anonymousClient(t);
  return {
    t,
    people,
    workspaceId,
    otherWorkspaceId,
    publicChannelId: publicChannel.id,
    otherPublicChannelId: otherPublic.id,
    privateChannelId: privateChannel.id,
    client: (actor) => (actor === "anon" ? anon : people[actor].client),
    sql,
    insert,
  };
}

/** A new user who belongs to the world's workspace as a plain member. */
export async function spareMember(world: World, label = "spare"): Promise<Person> {
  const person = await createPerson(world.t, label);
  await world.insert("workspace_members", { workspace_id: world.workspaceId, user_id: person.id, role: "member" });
  return person;
}

/** A message written by someone, straight in the database. */
export function messageBy(world: World, authorId: string, channelId: string, body = "hello"): Promise<{ id: string }> {
  return world.insert("messages", {
    workspace_id: world.workspaceId,
    channel_id: channelId,
    author_id: authorId,
    body,
  });
}
