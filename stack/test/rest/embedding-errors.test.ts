// Which relationship an embed hint picks (PostgREST Plan.hs `findRel`), and PGRST200/PGRST201 with
// upstream's texts: a self-reference hinted by its constraint name is PGRST200, and "Perhaps you
// meant" appears only where PostgREST's `noRelBetweenHint` gives one.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startRestStack, type RestTestStack } from "./rest-stack.ts";

let s: RestTestStack;
beforeAll(async () => {
  s = await startRestStack();
});
afterAll(() => s?.t.close());

const ALICE = "00000000-0000-0000-0000-000000000001";

describe("embeds a hint resolves", () => {
  it.each([
    [
      "a self-reference's children by the table name and their FK column",
      () => s.anon.from("users").select("username,users!best_friend_id(username)").eq("id", ALICE),
      [{ username: "alice", users: [{ username: "bob" }, { username: "carol" }] }],
    ],
    [
      "a self-reference's parent by the FK column",
      () => s.anon.from("users").select("username,best_friend_id(username)").eq("username", "bob"),
      [{ username: "bob", best_friend_id: { username: "alice" } }],
    ],
    [
      "a foreign key by its constraint name",
      () => s.anon.from("messages").select("id,users!messages_sender_id_fkey(username)").eq("id", 2),
      [{ id: 2, users: { username: "bob" } }],
    ],
    [
      "a foreign key by its column",
      () => s.anon.from("messages").select("id,users!reviewer_id(username)").eq("id", 2),
      [{ id: 2, users: { username: "alice" } }],
    ],
  ])("%s", async (_name, call, expected) => {
    const { data, error } = await call();
    expect(error).toBeNull();
    expect(data).toEqual(expected);
  });
});

describe("PGRST200", () => {
  it.each([
    [
      "a self-reference hinted by its constraint name",
      "users",
      "users!users_best_friend_id_fkey(*)",
      "Searched for a foreign key relationship between 'users' and 'users' using the hint 'users_best_friend_id_fkey' in the schema 'public', but no matches were found.",
      null,
    ],
    [
      "a related table with a hint that names nothing",
      "messages",
      "users!nothing(*)",
      "Searched for a foreign key relationship between 'messages' and 'users' using the hint 'nothing' in the schema 'public', but no matches were found.",
      null,
    ],
    [
      "an unrelated table",
      "messages",
      "kv(*)",
      "Searched for a foreign key relationship between 'messages' and 'kv' in the schema 'public', but no matches were found.",
      null,
    ],
    [
      "a table like one that is not related to the origin",
      "messages",
      "member(*)",
      "Searched for a foreign key relationship between 'messages' and 'member' in the schema 'public', but no matches were found.",
      null,
    ],
    [
      "a misspelt related table, the only case with a hint",
      "messages",
      "user(*)",
      "Searched for a foreign key relationship between 'messages' and 'user' in the schema 'public', but no matches were found.",
      "Perhaps you meant 'users' instead of 'user'.",
    ],
  ])("for %s", async (_name, table, select, details, hint) => {
    const { error, status } = await s.anon.from(table).select(select);
    expect(status).toBe(400);
    const target = select.split(/[!(]/)[0];
    expect(error).toEqual({
      code: "PGRST200",
      message: `Could not find a relationship between '${table}' and '${target}' in the schema cache`,
      details,
      hint,
    });
  });
});

describe("PGRST201", () => {
  it("lists both foreign keys a referenced-column hint matches, with upstream's details", async () => {
    const { error, status } = await s.anon.from("messages").select("users!id(*)");
    expect(status).toBe(300);
    expect(error).toEqual({
      code: "PGRST201",
      message: "Could not embed because more than one relationship was found for 'messages' and 'users'",
      details: [
        {
          cardinality: "many-to-one",
          embedding: "messages with users",
          relationship: "messages_sender_id_fkey using messages(sender_id) and users(id)",
        },
        {
          cardinality: "many-to-one",
          embedding: "messages with users",
          relationship: "messages_reviewer_id_fkey using messages(reviewer_id) and users(id)",
        },
      ],
      hint: "Try changing 'users' to one of the following: 'users!messages_sender_id_fkey', 'users!messages_reviewer_id_fkey'. Find the desired relationship in the 'details' key.",
    });
  });
});
