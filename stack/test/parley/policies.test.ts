import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TestStack } from "../support/test-stack.ts";
import { operations, type Action } from "./support/policy-operations.ts";
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
    workspace_members   insert         ✓     ✓     ✗      ✗        ✗
    workspace_members   update         ✓     ✓     ✗      ✗        ✗
    workspace_members   delete         ✓     ✓     ✗      ✗        ✗
    channels            select         ✓     ✓     ✓      ✗        ✗
    channels            insert         ✓     ✓     ✓      ✗        ✗
    channels            update         ✓     ✓     ✗      ✗        ✗
    channels            delete         ✓     ✓     ✗      ✗        ✗
    channel_members     select         ✓     ✓     ✓      ✗        ✗
    channel_members     insert         ✓     ✓     ✓      ✗        ✗
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
    return ACTORS.map((actor, i): Case => [actor, action as Action, table ?? "", marks[i] === "✓" ? "allowed" : "refused"]);
  });

type Row = Record<string, unknown>;
const keyOf = (row: Row, key: readonly string[]) => Object.fromEntries(key.map((column) => [column, row[column]]));

async function adminRow(table: string, key: Row): Promise<Row | undefined> {
  const columns = Object.keys(key);
  const [row] = await w.sql(`select * from public.${table} where ${columns.map((c, i) => `"${c}" = $${i + 1}`).join(" and ")}`, Object.values(key));
  return row;
}

/** Tries the action as the actor and reports what actually happened, judged from the database. */
async function attempt(actor: Actor, action: Action, table: string): Promise<boolean> {
  const spec = operations[table];
  const operation = spec?.actions[action];
  if (!spec || !operation) throw new Error(`no operation for ${action} on ${table}`);
  const from = w.client(actor).from(table);
  if (action === "insert") {
    const row = await operation.newRow!(w, actor);
    const { error } = await from.insert(row);
    return error === null && (await adminRow(table, keyOf(row, spec.key))) !== undefined;
  }
  const key = keyOf(await operation.target!(w), spec.key);
  if (action === "select") {
    const { data, error } = await from.select("*").match(key);
    return error === null && data.length === 1;
  }
  if (action === "delete") {
    await from.delete().match(key);
    return (await adminRow(table, key)) === undefined;
  }
  const patch = operation.patch!(w, actor);
  const before = await adminRow(table, key);
  await from.update(patch).match(key);
  const after = await adminRow(table, key);
  // Judged by change rather than equality: triggers may normalise what was sent (deleted_at := now()).
  const text = (value: unknown) => (value instanceof Date ? value.toISOString() : JSON.stringify(value));
  return Object.keys(patch).every((column) => text(after?.[column]) !== text(before?.[column]));
}

describe("row level security on every table", () => {
  it.each(cases)("%s: %s on %s is %s", async (actor, action, table, expected) => {
    expect(await attempt(actor, action, table)).toBe(expected === "allowed");
  });
});
