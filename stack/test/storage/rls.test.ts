import { randomUUID } from "node:crypto";
import type { SupabaseClient } from "@supabase/supabase-js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startStorageStack, type StorageTestStack } from "./storage-stack.ts";

// Data-driven, as supabase/storage keeps rls_tests.yaml: (actor, action, expected outcome) against
// the fixture's policies — users own `<their id>/…` in `private`; nobody else sees or changes it.

let t: StorageTestStack;
let owner: { id: string; client: SupabaseClient };
let other: { id: string; client: SupabaseClient };
beforeAll(async () => {
  t = await startStorageStack();
  owner = await t.user();
  other = await t.user();
});
afterAll(async () => {
  await t?.close();
});

type Actor = "owner" | "other" | "anon" | "service";
type Outcome = "ok" | "404" | "403" | "empty" | "false";

const client = (actor: Actor): SupabaseClient =>
  ({ owner: owner.client, other: other.client, anon: t.anon, service: t.service })[actor];

/** Each action gets a fresh object in the owner's folder, so rows do not depend on each other. */
type Action = (c: SupabaseClient, path: string) => Promise<{ data: unknown; error: unknown }>;
const actions = {
  download: (c, path) => c.storage.from("private").download(path),
  info: (c, path) => c.storage.from("private").info(path),
  exists: (c, path) => c.storage.from("private").exists(path),
  sign: (c, path) => c.storage.from("private").createSignedUrl(path, 60),
  overwrite: (c, path) => c.storage.from("private").update(path, "new", { contentType: "text/plain" }),
  "upload a file (multipart)": (c, path) =>
    c.storage.from("private").upload(`${path}.blob`, new Blob(["x".repeat(100_000)], { type: "text/plain" })),
  move: (c, path) => c.storage.from("private").move(path, `${path}.moved`),
  copy: (c, path) => c.storage.from("private").copy(path, `${path}.copy`),
  remove: (c, path) => c.storage.from("private").remove([path]),
  list: (c, path) => c.storage.from("private").list(path.split("/")[0]),
} satisfies Record<string, Action>;

const table: [Actor, keyof typeof actions, Outcome][] = [
  ["owner", "download", "ok"],
  ["other", "download", "404"],
  ["anon", "download", "404"],
  ["service", "download", "ok"],
  ["owner", "info", "ok"],
  ["other", "info", "404"],
  ["owner", "exists", "ok"],
  ["other", "exists", "false"],
  ["owner", "sign", "ok"],
  ["other", "sign", "404"],
  ["owner", "overwrite", "ok"],
  ["other", "overwrite", "403"],
  ["anon", "overwrite", "403"],
  ["owner", "upload a file (multipart)", "ok"],
  ["other", "upload a file (multipart)", "403"],
  ["anon", "upload a file (multipart)", "403"],
  ["owner", "move", "ok"],
  ["other", "move", "404"],
  ["owner", "copy", "ok"],
  ["other", "copy", "404"],
  ["owner", "remove", "ok"],
  ["other", "remove", "empty"],
  ["anon", "remove", "empty"],
  ["owner", "list", "ok"],
  ["other", "list", "empty"],
  ["anon", "list", "empty"],
];

describe("storage.objects policies decide every operation", () => {
  it.each(table)("%s → %s: %s", async (actor, action, expected) => {
    const path = `${owner.id}/${randomUUID()}.txt`;
    const made = await owner.client.storage.from("private").upload(path, "mine", { contentType: "text/plain" });
    expect(made.error).toBeNull();
    const { data, error } = await actions[action](client(actor), path);
    if (expected === "ok") {
      expect(error).toBeNull();
      if (Array.isArray(data)) expect(data.length).toBeGreaterThan(0);
      if (action === "exists") expect(data).toBe(true);
    } else if (expected === "empty") {
      expect(error).toBeNull();
      expect(data).toEqual([]);
    } else if (expected === "false") {
      expect(data).toBe(false);
    } else {
      expect(error).toMatchObject({ status: 400, statusCode: expected });
    }
    // Whatever happened, the owner's object is intact unless the owner changed it.
    if (expected !== "ok")
      expect(await (await owner.client.storage.from("private").download(path)).data?.text()).toBe("mine");
  });
});
