import { randomUUID } from "node:crypto";
import { strFromU8, strToU8, unzipSync, zipSync } from "fflate";
import type { SupabaseClient } from "@supabase/supabase-js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TestStack } from "../support/test-stack.ts";
import { invokeFunction as call } from "./support/invoke-function.ts";
import { signIn } from "./support/people.ts";
import { startParleyStack } from "./support/parley-stack.ts";
import { manyEntryZipBomb, slackArchive, zipBomb } from "./support/slack-archive.ts";
import { ADA_EMAIL, NOTES, slackExport, TS } from "./support/slack-fixture.ts";
import { buildWorld, type Actor, type World } from "./support/world.ts";

// Built before the stack starts: deflating 40 MiB blocks the test's event loop for a moment,
// which would otherwise race the client's idle keep-alive sockets.
const BOMB = zipBomb(40 * 1024 * 1024);
// 20 entries of 30 MiB: each under the per-entry limit, ~600 KB on disk.
const MANY_ENTRY_BOMB = manyEntryZipBomb(20, 30 * 1024 * 1024);

let t: TestStack;
let w: World;
beforeAll(async () => {
  t = await startParleyStack();
  w = await buildWorld(t);
  // Functions check the caller's session with the auth service: give everyone a real one.
  for (const actor of ["owner", "admin", "member", "outsider"] as const)
    w.people[actor] = await signIn(t, w.people[actor]);
});
afterAll(() => t?.close());

const errorCode = (result: { body: Record<string, unknown> }) =>
  (result.body.error as { code?: string } | undefined)?.code;
const zipBlob = (bytes: Uint8Array) => new Blob([bytes as Uint8Array<ArrayBuffer>], { type: "application/zip" });

/** Uploads an archive to the imports bucket as the owner and runs import-slack on it. */
async function importArchive(bytes: Uint8Array, client: SupabaseClient = w.people.owner.client) {
  const objectPath = `${w.workspaceId}/${randomUUID()}.zip`;
  const { error } = await client.storage.from("workspace-imports").upload(objectPath, zipBlob(bytes));
  if (error) throw error;
  return {
    objectPath,
    result: await call(client, "import-slack", { workspace_id: w.workspaceId, object_path: objectPath }),
  };
}

async function exportWorkspace(client: SupabaseClient): Promise<Record<string, Uint8Array>> {
  const { data, error } = await client.functions.invoke("export-workspace", { body: { workspace_id: w.workspaceId } });
  if (error) throw error;
  return unzipSync(new Uint8Array(await (data as Blob).arrayBuffer()));
}

describe("import-slack", () => {
  let first: Awaited<ReturnType<typeof importArchive>>;
  beforeAll(async () => {
    first = await importArchive(slackArchive(slackExport(w)));
  });

  it("answers a summary of what it imported and what it skipped", () => {
    expect(first.result).toEqual({
      status: 200,
      body: {
        channels: { created: 2, matched: 1 },
        users: { matched: 2, placeholders: 3 },
        messages: { imported: 7, replies: 2, threads: 1, already_imported: 0 },
        reactions: 2,
        files: { imported: 1, linked: 1 },
        skipped: { direct_conversations: 1, system_messages: 1, reactions: 1, channels: [] },
      },
    });
  });

  it("creates the channels, private ones private, and joins general with the existing #general", async () => {
    const { data } = await w.people.owner.client
      .from("channels")
      .select("name, topic, is_private")
      .eq("workspace_id", w.workspaceId)
      .in("name", ["general", "random", "secret-plans"])
      .order("name");
    expect(data).toEqual([
      { name: "general", topic: "", is_private: false },
      { name: "random", topic: "Anything goes", is_private: false },
      { name: "secret-plans", topic: "", is_private: true },
    ]);
  });

  it("matches users by email; the others wait as placeholders, and no account is made for them", async () => {
    expect(await w.sql("select 1 from auth.users where email = $1", [ADA_EMAIL])).toHaveLength(0);
    const { data: waiting } = await w.people.owner.client
      .from("import_placeholders")
      .select("email, display_name")
      .eq("workspace_id", w.workspaceId)
      .order("email");
    expect(waiting).toEqual([
      { email: ADA_EMAIL, display_name: "Ada Lovelace" },
      { email: w.people.outsider.email, display_name: "The Outsider" },
    ]);
  });

  it("never makes an existing account outside the workspace a member", async () => {
    // Only an invitation the person accepts adds them; an archive naming their email must not.
    const { data: seen } = await w.people.outsider.client.from("workspaces").select("id").eq("id", w.workspaceId);
    expect(seen).toEqual([]);
    const outsiderRows = await w.sql(
      "select 1 from public.workspace_members where workspace_id = $1 and user_id = $2",
      [w.workspaceId, w.people.outsider.id],
    );
    expect(outsiderRows).toHaveLength(0);
  });

  it("imports messages with their thread replies, authors, mentions and reactions", async () => {
    const owner = w.people.owner.client;
    const { data: question } = await owner
      .from("messages")
      .select("id, body, reply_count, mentions, created_at, author_id, imported_author_name")
      .eq("import_key", `slack:C01GENERAL:${TS.question}`)
      .single();
    const { data: member } = await owner.from("profiles").select("username").eq("id", w.people.member.id).single();
    expect(question).toMatchObject({
      body: `Hello @${member?.username} & welcome to #random`,
      reply_count: 2,
      mentions: [w.people.member.id],
      created_at: "2024-01-02T12:53:20.0001+00:00",
      author_id: null,
      imported_author_name: "Ada Lovelace",
    });
    const { data: replies } = await owner
      .from("messages")
      .select("body, author_id, imported_author_name")
      .eq("thread_parent_id", question?.id)
      .order("created_at");
    // Imported messages are never a member's own, even the owner's and the member's.
    expect(replies).toEqual([
      { body: "First reply", author_id: null, imported_author_name: "The Owner" },
      { body: "Second reply", author_id: null, imported_author_name: "The Member" },
    ]);
    const { data: reactions } = await owner
      .from("reactions")
      .select("emoji, user_id")
      .eq("message_id", question?.id)
      .order("emoji");
    // Reactions of members are kept; the outsider's (a placeholder) is skipped.
    expect(reactions).toEqual(
      expect.arrayContaining([
        { emoji: "👍", user_id: w.people.owner.id },
        { emoji: "👍", user_id: w.people.member.id },
      ]),
    );
    expect(reactions).toHaveLength(2);
  });

  it("stores file bytes the archive holds and links the ones it does not", async () => {
    const owner = w.people.owner.client;
    const { data: withFile } = await owner
      .from("messages")
      .select("body, attachments(name, mime_type, size_bytes, object_path)")
      .eq("import_key", `slack:C01GENERAL:${TS.withFile}`)
      .single();
    const attachment = (
      withFile?.attachments as unknown as { name: string; mime_type: string; size_bytes: number; object_path: string }[]
    )[0];
    expect(attachment).toMatchObject({ name: "notes.txt", mime_type: "text/plain", size_bytes: NOTES.length });
    const { data: blob } = await owner.storage.from("attachments").download(attachment?.object_path ?? "");
    expect(await blob?.text()).toBe(NOTES);
    const { data: withLink } = await owner
      .from("messages")
      .select("body")
      .eq("import_key", `slack:C01GENERAL:${TS.withLink}`)
      .single();
    expect(withLink?.body).toBe("📎 [diagram.png](https://files.slack.com/F02DIAGRAM/diagram.png)");
  });

  it("removes the uploaded archive afterwards", async () => {
    expect(
      await w.sql("select 1 from storage.objects where bucket_id = 'workspace-imports' and name = $1", [
        first.objectPath,
      ]),
    ).toHaveLength(0);
  });

  it("keeps import_key to the importer: a member cannot post with one (and so cannot block an import)", async () => {
    const { error } = await w.people.member.client
      .from("messages")
      .insert({ channel_id: w.publicChannelId, body: "sneaky", import_key: `slack:C01GENERAL:${TS.random}` });
    expect(error?.code).toBe("42501");
  });

  it("adds nothing twice when the same archive is imported again", async () => {
    const countMessages = async () =>
      (
        await w.sql<{ n: string }>("select count(*) as n from public.messages where workspace_id = $1", [w.workspaceId])
      )[0]?.n;
    const before = await countMessages();
    // As if the first run had stopped between writing a message and its attachment.
    await w.sql("delete from public.attachments where workspace_id = $1 and name = 'notes.txt'", [w.workspaceId]);
    const again = await importArchive(slackArchive(slackExport(w)));
    expect(again.result.body).toMatchObject({
      channels: { created: 0, matched: 3 },
      users: { matched: 2, placeholders: 3 },
      messages: { imported: 0, already_imported: 7 },
      reactions: 0,
      files: { imported: 1, linked: 0 },
    });
    expect(await countMessages()).toBe(before);
    expect(
      await w.sql("select 1 from public.attachments where workspace_id = $1 and name = 'notes.txt'", [w.workspaceId]),
    ).toHaveLength(1);
  });
});

describe("export-workspace", () => {
  let files: Record<string, Uint8Array>;
  const json = (name: string) => JSON.parse(strFromU8(files[name] ?? new Uint8Array())) as unknown;
  beforeAll(async () => {
    const imported = await importArchive(slackArchive(slackExport(w)));
    expect(imported.result.status).toBe(200);
    const membersOnly = await w.insert<{ id: string }>("channels", {
      workspace_id: w.workspaceId,
      name: "members-only",
      is_private: true,
      created_by: w.people.member.id,
    });
    await w.insert("messages", {
      workspace_id: w.workspaceId,
      channel_id: membersOnly.id,
      author_id: w.people.member.id,
      body: "not for the owner",
    });
    files = await exportWorkspace(w.people.owner.client);
  });

  it("holds the workspace, its members without secrets and its channels", async () => {
    expect(json("workspace.json")).toMatchObject({
      format: "parley-workspace-export",
      version: 1,
      workspace: { id: w.workspaceId, name: "Policy test" },
    });
    const members = json("members.json") as Record<string, unknown>[];
    expect(members).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ user_id: w.people.owner.id, role: "owner", email: w.people.owner.email }),
      ]),
    );
    expect(Object.keys(members[0] ?? {}).sort()).toEqual([
      "display_name",
      "email",
      "joined_at",
      "role",
      "user_id",
      "username",
    ]);
    const channels = json("channels.json") as { name: string; messages_included: boolean }[];
    expect(channels.map((c) => [c.name, c.messages_included])).toEqual(
      expect.arrayContaining([
        ["general", true],
        ["random", true],
        ["secret-plans", true],
        ["members-only", false],
      ]),
    );
  });

  it("holds messages with threads, reactions and attachment files", async () => {
    const [general] = await w.sql<{ id: string }>(
      "select id from public.channels where workspace_id = $1 and name = 'general'",
      [w.workspaceId],
    );
    type Exported = {
      author_id: string | null;
      imported_author_name: string | null;
      body: string;
      import_key: string;
      reactions: { emoji: string; user_ids: string[] }[];
      attachments: { file: string | null }[];
      replies: { body: string }[];
    };
    const messages = json(`messages/${general?.id}.json`) as Exported[];
    const question = messages.find((m) => m.import_key === `slack:C01GENERAL:${TS.question}`);
    expect(question).toMatchObject({ author_id: null, imported_author_name: "Ada Lovelace" });
    expect(question?.replies.map((r) => r.body)).toEqual(["First reply", "Second reply"]);
    expect(question?.reactions).toEqual(
      expect.arrayContaining([
        { emoji: "👍", user_ids: expect.arrayContaining([w.people.owner.id, w.people.member.id]) },
      ]),
    );
    const file = messages.find((m) => m.import_key === `slack:C01GENERAL:${TS.withFile}`)?.attachments[0]?.file ?? "";
    expect(file).toMatch(/^files\/[0-9a-f-]{36}\/notes\.txt$/);
    expect(strFromU8(files[file] ?? new Uint8Array())).toBe(NOTES);
  });

  it("leaves out the messages of private channels the owner is not in", async () => {
    const [secret] = await w.sql<{ id: string }>(
      "select id from public.channels where workspace_id = $1 and name = 'members-only'",
      [w.workspaceId],
    );
    expect(json(`messages/${secret?.id}.json`)).toEqual([]);
  });
});

describe("only the owner moves a workspace", () => {
  const refusals: [Actor, number, string | undefined][] = [
    ["admin", 403, "not_workspace_owner"],
    ["member", 403, "not_workspace_owner"],
    ["outsider", 403, "not_workspace_owner"],
    ["anon", 401, "not_authenticated"],
  ];
  it.each(refusals)("export-workspace refuses the %s (%i)", async (actor, status, code) => {
    const result = await call(w.client(actor), "export-workspace", { workspace_id: w.workspaceId });
    expect([result.status, errorCode(result)]).toEqual([status, code]);
  });
  it.each(refusals)("import-slack refuses the %s (%i)", async (actor, status, code) => {
    const result = await call(w.client(actor), "import-slack", {
      workspace_id: w.workspaceId,
      object_path: `${w.workspaceId}/x.zip`,
    });
    expect([result.status, errorCode(result)]).toEqual([status, code]);
  });

  // The imports bucket: who may upload, read and remove an archive in the workspace's folder.
  //   action     owner admin member outsider anon
  const MATRIX = `
      upload     ✓     ✗     ✗      ✗        ✗
      read       ✓     ✗     ✗      ✗        ✗
      remove     ✓     ✗     ✗      ✗        ✗
  `;
  const actors: Actor[] = ["owner", "admin", "member", "outsider", "anon"];
  const cases = MATRIX.trim()
    .split("\n")
    .flatMap((line) => {
      const [action, ...marks] = line.trim().split(/\s+/);
      return actors.map((actor, i) => [actor, action ?? "", marks[i] === "✓"] as const);
    });
  it.each(cases)("workspace-imports bucket: %s may %s: %s", async (actor, action, allowed) => {
    const path = `${w.workspaceId}/${randomUUID()}.zip`;
    const exists = async () =>
      (await w.sql("select 1 from storage.objects where bucket_id = 'workspace-imports' and name = $1", [path]))
        .length === 1;
    const bucket = w.client(actor).storage.from("workspace-imports");
    if (action === "upload") {
      await bucket.upload(path, zipBlob(slackArchive({ users: [], channels: [], days: {} })));
      expect(await exists()).toBe(allowed);
      return;
    }
    await w.sql(
      `insert into storage.objects (bucket_id, name, owner_id, metadata) values ('workspace-imports', $1, $2, '{"mimetype": "application/zip", "size": 22}')`,
      [path, w.people.owner.id],
    );
    if (action === "read") {
      const { data } = await bucket.list(w.workspaceId, { search: path.split("/")[1] });
      expect((data ?? []).length === 1).toBe(allowed);
    } else {
      await bucket.remove([path]);
      expect(await exists()).toBe(!allowed);
    }
  });
});

describe("import-slack answers bad archives with 400", () => {
  it.each([
    [
      "bytes that are not a zip",
      () => new TextEncoder().encode("this is not a zip archive, just text"),
      "invalid_archive",
    ],
    ["a truncated zip", () => slackArchive(slackExport(w)).slice(0, 300), "invalid_archive"],
    ["a zip that is no Slack export", () => zipSync({ "readme.txt": strToU8("hello") }), "invalid_archive"],
    ["a zip bomb (40 MiB of zeros in one entry)", () => BOMB, "archive_too_large"],
  ] as const)("%s", async (_case, bytes, code) => {
    const { result } = await importArchive(bytes());
    expect([result.status, errorCode(result)]).toEqual([400, code]);
  });

  it("a zip of 20 entries of 30 MiB each, with the worker alive for the next request", async () => {
    expect(MANY_ENTRY_BOMB.length).toBeLessThan(1024 * 1024);
    const { result } = await importArchive(MANY_ENTRY_BOMB);
    expect([result.status, errorCode(result)]).toEqual([400, "archive_too_large"]);
    const next = await importArchive(slackArchive({ users: [], channels: [], days: {} }));
    expect(next.result.status).toBe(200);
  });

  it("an object path outside the workspace's folder", async () => {
    const result = await call(w.people.owner.client, "import-slack", {
      workspace_id: w.workspaceId,
      object_path: `${w.otherWorkspaceId}/x.zip`,
    });
    expect([result.status, errorCode(result)]).toEqual([400, "validation_failed"]);
  });

  it("an archive that was never uploaded", async () => {
    const result = await call(w.people.owner.client, "import-slack", {
      workspace_id: w.workspaceId,
      object_path: `${w.workspaceId}/missing.zip`,
    });
    expect([result.status, errorCode(result)]).toEqual([404, "archive_not_found"]);
  });
});
