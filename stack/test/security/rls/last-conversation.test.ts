import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { TestStack } from "../../support/test-stack.ts";
import { startParleyStack } from "../../parley/support/parley-stack.ts";
import { buildSecurityWorld, parseMatrix, type SecurityActor, type SecurityWorld } from "../support/security-world.ts";
import { LAST_CONVERSATION_MATRIX } from "./last-conversation-matrix.ts";

let t: TestStack;
let w: SecurityWorld;
let outsiderChannelId: string;
beforeAll(async () => {
  t = await startParleyStack();
  w = await buildSecurityWorld(t);
  const channel = await w.base.insert<{ id: string }>("channels", {
    workspace_id: w.base.otherWorkspaceId,
    name: "theirs",
    created_by: w.people.outsider.id,
  });
  outsiderChannelId = channel.id;
});
afterAll(() => t?.close());

beforeEach(async () => {
  await w.base.sql("delete from public.last_conversations");
  await w.base.insert("last_conversations", {
    user_id: w.people.member.id,
    channel_id: w.base.otherPublicChannelId,
  });
});

const actorId = (actor: SecurityActor) => (actor === "signed-out" ? null : w.people[actor].id);

function channelFor(target: string): string {
  if (target === "a public channel") return w.base.publicChannelId;
  if (target === "the private channel") return w.base.privateChannelId;
  if (target === "the outsider's channel") return outsiderChannelId;
  throw new Error(`unknown target ${target}`);
}

/** The channel a person's note names now, read as the database owner; null when they have none. */
async function noteOf(userId: string | null): Promise<string | null> {
  const [row] = await w.base.sql<{ channel_id: string }>(
    "select channel_id from public.last_conversations where user_id is not distinct from $1",
    [userId],
  );
  return row?.channel_id ?? null;
}

/** Whether a note anywhere names the channel, for the signed-out caller who has no id of their own. */
async function anyNoteAt(channelId: string): Promise<boolean> {
  return (await w.base.sql("select 1 from public.last_conversations where channel_id = $1", [channelId])).length > 0;
}

async function remember(actor: SecurityActor, channelId: string): Promise<boolean> {
  const id = actorId(actor);
  const row: { channel_id: string; user_id?: string } = { channel_id: channelId };
  if (id) row.user_id = id;
  await w.client(actor).from("last_conversations").upsert(row, { onConflict: "user_id" });
  return id ? (await noteOf(id)) === channelId : anyNoteAt(channelId);
}

const attempts: Record<string, (actor: SecurityActor, target: string) => Promise<boolean>> = {
  read: async (actor) => {
    const { data } = await w
      .client(actor)
      .from("last_conversations")
      .select("channel_id")
      .eq("user_id", w.people.member.id);
    return (data ?? []).length === 1;
  },
  remember: (actor, target) => remember(actor, channelFor(target)),
  repoint: async (actor, target) => {
    const id = actorId(actor);
    if (id && id !== w.people.member.id)
      await w.base.insert("last_conversations", { user_id: id, channel_id: w.base.publicChannelId });
    const channelId = channelFor(target);
    await w
      .client(actor)
      .from("last_conversations")
      .update({ channel_id: channelId })
      .eq("user_id", id ?? w.people.member.id);
    return (await noteOf(id ?? w.people.member.id)) === channelId;
  },
  overwrite: async (actor) => {
    await w
      .client(actor)
      .from("last_conversations")
      .upsert({ user_id: w.people.member.id, channel_id: w.base.publicChannelId }, { onConflict: "user_id" });
    return (await noteOf(w.people.member.id)) === w.base.publicChannelId;
  },
  update: async (actor) => {
    await w
      .client(actor)
      .from("last_conversations")
      .update({ channel_id: w.base.publicChannelId })
      .eq("user_id", w.people.member.id);
    return (await noteOf(w.people.member.id)) === w.base.publicChannelId;
  },
  delete: async (actor) => {
    await w.client(actor).from("last_conversations").delete().eq("user_id", w.people.member.id);
    return (await noteOf(w.people.member.id)) === null;
  },
};

describe("last conversation: each person's own, pointing only at conversations they read", () => {
  const cases = parseMatrix<[string, string]>(LAST_CONVERSATION_MATRIX, 2).map(
    ({ labels: [action, target], actor, allowed }) => [actor, action, target, allowed] as const,
  );
  it.each(cases)("%s: %s %s → allowed %s", async (actor, action, target, allowed) => {
    const attempt = attempts[action];
    if (!attempt) throw new Error(`unknown action ${action}`);
    expect(await attempt(actor, target)).toBe(allowed);
  });

  it("answers a refused note with PostgREST's row-level-security error, not a server error", async () => {
    const { error, status } = await w
      .client("admin")
      .from("last_conversations")
      .upsert({ user_id: w.people.admin.id, channel_id: w.base.privateChannelId }, { onConflict: "user_id" });
    expect(status).toBe(403);
    expect(error?.code).toBe("42501");
  });
});
