import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TestStack } from "../support/test-stack.ts";
import { attemptTableAction } from "./support/attempt-table-action.ts";
import type { Action } from "./support/policy-operations.ts";
import { startParleyStack } from "./support/parley-stack.ts";
import { ACTORS, buildWorld, type Actor, type World } from "./support/world.ts";

let t: TestStack;
let w: World;
beforeAll(async () => {
  t = await startParleyStack();
  w = await buildWorld(t);
});
afterAll(() => t?.close());

// Who may do what, table by table. ✓ = the change happens (or the row is visible), ✗ = refused or
// invisible. The workspace has an owner, an admin and a member; the outsider owns another
// workspace; the private channel's members are the owner and the member — not the admin.
// The select target of channels, messages, reactions and attachments is in the private channel.
// Nobody inserts workspace members: membership comes only from creating a workspace (owner) or
// accepting an invitation (the accept-invite function). Channel members are inserted into the
// private channel, where only its members (not the admin outside it) add people.
//
//  table               action         owner admin member outsider anon
const MATRIX = `
    profiles            select         ✓     ✓     ✓      ✗        ✗
    profiles            insert         ✗     ✗     ✗      ✗        ✗
    profiles            update         ✗     ✗     ✓      ✗        ✗
    profiles            delete         ✗     ✗     ✗      ✗        ✗
    workspaces          select         ✓     ✓     ✓      ✗        ✗
    workspaces          insert         ✓     ✓     ✓      ✓        ✗
    workspaces          update         ✓     ✓     ✗      ✗        ✗
    workspaces          delete         ✓     ✗     ✗      ✗        ✗
    workspace_members   select         ✓     ✓     ✓      ✗        ✗
    workspace_members   insert         ✗     ✗     ✗      ✗        ✗
    workspace_members   update         ✓     ✓     ✗      ✗        ✗
    workspace_members   delete         ✓     ✓     ✗      ✗        ✗
    channels            select         ✓     ✓     ✓      ✗        ✗
    channels            insert         ✓     ✓     ✓      ✗        ✗
    channels            update         ✓     ✓     ✗      ✗        ✗
    channels            delete         ✓     ✓     ✗      ✗        ✗
    channel_members     select         ✓     ✓     ✓      ✗        ✗
    channel_members     insert         ✓     ✗     ✓      ✗        ✗
    channel_members     update         ✗     ✗     ✗      ✗        ✗
    channel_members     delete         ✓     ✓     ✗      ✗        ✗
    messages            select         ✓     ✗     ✓      ✗        ✗
    messages            insert         ✓     ✓     ✓      ✗        ✗
    messages            update         ✗     ✗     ✓      ✗        ✗
    messages            soft-delete    ✓     ✓     ✓      ✗        ✗
    messages            delete         ✗     ✗     ✗      ✗        ✗
    reactions           select         ✓     ✗     ✓      ✗        ✗
    reactions           insert         ✓     ✓     ✓      ✗        ✗
    reactions           update         ✗     ✗     ✗      ✗        ✗
    reactions           delete         ✗     ✗     ✓      ✗        ✗
    attachments         select         ✓     ✗     ✓      ✗        ✗
    attachments         insert         ✓     ✓     ✓      ✗        ✗
    attachments         update         ✗     ✗     ✗      ✗        ✗
    attachments         delete         ✓     ✓     ✓      ✗        ✗
    read_markers        select         ✗     ✗     ✓      ✗        ✗
    read_markers        insert         ✓     ✓     ✓      ✗        ✗
    read_markers        update         ✗     ✗     ✓      ✗        ✗
    read_markers        delete         ✗     ✗     ✓      ✗        ✗
    invitations         select         ✓     ✓     ✗      ✗        ✗
    invitations         insert         ✗     ✗     ✗      ✗        ✗
    invitations         update         ✗     ✗     ✗      ✗        ✗
    invitations         delete         ✓     ✓     ✗      ✗        ✗
`;

type Case = [actor: Actor, action: Action, table: string, expected: "allowed" | "refused"];

const cases: Case[] = MATRIX.trim()
  .split("\n")
  .flatMap((line) => {
    const [table, action, ...marks] = line.trim().split(/\s+/);
    return ACTORS.map((actor, i): Case => [
      actor,
      action as Action,
      table ?? "",
      marks[i] === "✓" ? "allowed" : "refused",
    ]);
  });

describe("row level security on every table", () => {
  it.each(cases)("%s: %s on %s is %s", async (actor, action, table, expected) => {
    expect(await attemptTableAction(w, actor, action, table)).toBe(expected === "allowed");
  });
});
