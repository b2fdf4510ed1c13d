import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TestStack } from "../support/test-stack.ts";
import { startParleyStack } from "./support/parley-stack.ts";
import { createPerson, type Person } from "./support/people.ts";
import { buildWorld, spareMember, type World } from "./support/world.ts";

let t: TestStack;
let w: World;
beforeAll(async () => {
  t = await startParleyStack();
  w = await buildWorld(t);
});
afterAll(() => t?.close());

const open = (person: Person, memberIds: unknown, workspaceId: string = w.workspaceId) =>
  person.client.rpc("open_direct_conversation", { workspace_id: workspaceId, member_ids: memberIds as string[] });

describe("open_direct_conversation: the same people always reopen the same DM", () => {
  it("returns one conversation for the same set of people, whoever opens it and in any order", async () => {
    const [ana, ben, cleo] = await Promise.all(["ana", "ben", "cleo"].map((label) => spareMember(w, label)));
    if (!ana || !ben || !cleo) throw new Error("people not created");
    const first = await open(ana, [ben.id, cleo.id]);
    const again = await open(cleo, [ana.id, ben.id, ben.id]);
    const pair = await open(ana, [ben.id]);
    expect(first.error).toBeNull();
    expect(again.data).toBe(first.data);
    expect(pair.data).not.toBe(first.data);
    const members = await w.sql<{ user_id: string }>(
      "select user_id from public.channel_members where channel_id = $1 order by user_id",
      [first.data],
    );
    expect(members.map((row) => row.user_id)).toEqual([ana.id, ben.id, cleo.id].sort());
  });

  it("opens each pair's DM once when both open it at the same time", async () => {
    const [dora, eli] = await Promise.all(["dora", "eli"].map((label) => spareMember(w, label)));
    if (!dora || !eli) throw new Error("people not created");
    const [one, two] = await Promise.all([open(dora, [eli.id]), open(eli, [dora.id])]);
    expect(one.error).toBeNull();
    expect(two.data).toBe(one.data);
  });

  it.each([
    ["nobody but the caller", () => []],
    ["ten people", () => Array.from({ length: 9 }, () => crypto.randomUUID())],
    ["someone from another workspace", () => [w.people.outsider.id]],
    ["a null in the list", () => [null]],
  ])("answers 400 (22023) for %s", async (_, members) => {
    const { error, status } = await open(w.people.member, members());
    expect(status).toBe(400);
    expect(error).toMatchObject({ code: "22023" });
  });

  it("answers 403 (42501) to someone outside the workspace", async () => {
    const stranger = await createPerson(t, "stranger");
    const { error, status } = await open(stranger, [w.people.member.id]);
    expect(status).toBe(403);
    expect(error).toMatchObject({ code: "42501" });
  });

  it("allows nine people, the caller included", async () => {
    const people = await Promise.all(Array.from({ length: 8 }, (_, i) => spareMember(w, `nine${i}`)));
    const { data, error } = await open(
      w.people.member,
      people.map((person) => person.id),
    );
    expect(error).toBeNull();
    expect(typeof data).toBe("string");
  });
});

describe("channel_directory: a workspace's public channels with topics and member counts", () => {
  it("lists public channels with their member count and whether the caller joined, and searches names and topics", async () => {
    const channel = await w.insert<{ id: string }>("channels", {
      workspace_id: w.workspaceId,
      name: "design-reviews",
      topic: "Weekly Figma walkthroughs",
      created_by: w.people.owner.id,
    });
    await w.insert("channel_members", { channel_id: channel.id, user_id: w.people.member.id });
    await w.insert("channel_members", { channel_id: channel.id, user_id: w.people.admin.id });

    const { data: all, error } = await w.client("member").rpc("channel_directory", { workspace_id: w.workspaceId });
    expect(error).toBeNull();
    const names = (all as { name: string }[]).map((row) => row.name);
    expect(names).toContain("design-reviews");
    expect(names).not.toContain("secret");

    const { data: found } = await w
      .client("owner")
      .rpc("channel_directory", { workspace_id: w.workspaceId, search: "FIGMA" });
    expect(found).toEqual([
      expect.objectContaining({
        id: channel.id,
        topic: "Weekly Figma walkthroughs",
        member_count: 2,
        is_member: false,
      }),
    ]);
  });

  it("shows nothing to someone outside the workspace and refuses an over-long search with 400", async () => {
    const { data } = await w.client("outsider").rpc("channel_directory", { workspace_id: w.workspaceId });
    expect(data).toEqual([]);
    const { status, error } = await w
      .client("member")
      .rpc("channel_directory", { workspace_id: w.workspaceId, search: "x".repeat(101) });
    expect(status).toBe(400);
    expect(error).toMatchObject({ code: "22023" });
  });
});
