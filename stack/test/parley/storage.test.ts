import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TestStack } from "../support/test-stack.ts";
import { startParleyStack } from "./support/parley-stack.ts";
import { buildWorld, type Actor, type World } from "./support/world.ts";

let t: TestStack;
let w: World;
let elsewhereChannelId: string;
beforeAll(async () => {
  t = await startParleyStack();
  w = await buildWorld(t);
  const [general] = await w.sql<{ id: string }>("select id from public.channels where workspace_id = $1", [
    w.otherWorkspaceId,
  ]);
  elsewhereChannelId = general?.id ?? "";
});
afterAll(() => t?.close());

const png = () => new Blob([new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])], { type: "image/png" });

type Place = "public channel" | "private channel" | "another workspace's channel";
const folder = (place: Place) =>
  ({
    "public channel": `${w.workspaceId}/${w.publicChannelId}`,
    "private channel": `${w.workspaceId}/${w.privateChannelId}`,
    "another workspace's channel": `${w.workspaceId}/${elsewhereChannelId}`,
  })[place];

/** An object put in place by the member (with the service role), to read or remove. */
async function memberFile(place: Place): Promise<string> {
  const path = `${folder(place)}/${randomUUID()}/photo.png`;
  await w.t.stack.db.admin.query(
    `insert into storage.objects (bucket_id, name, owner_id, metadata) values ('attachments', $1, $2, '{"mimetype": "image/png", "size": 8}')`,
    [path, w.people.member.id],
  );
  return path;
}

async function objectExists(bucket: string, path: string): Promise<boolean> {
  return (await w.sql("select 1 from storage.objects where bucket_id = $1 and name = $2", [bucket, path])).length === 1;
}

describe("attachments bucket", () => {
  const uploads: [Actor, Place, boolean][] = [
    ["owner", "public channel", true],
    ["admin", "public channel", true],
    ["member", "public channel", true],
    ["outsider", "public channel", false],
    ["anon", "public channel", false],
    ["member", "private channel", true],
    ["admin", "private channel", false],
    ["outsider", "private channel", false],
    ["member", "another workspace's channel", false],
  ];
  it.each(uploads)("%s uploading to a %s: allowed %s", async (actor, place, allowed) => {
    const path = `${folder(place)}/${randomUUID()}/photo.png`;
    const { error } = await w
      .client(actor)
      .storage.from("attachments")
      .upload(path, png(), { contentType: "image/png" });
    expect(error === null).toBe(allowed);
    expect(await objectExists("attachments", path)).toBe(allowed);
  });

  const reads: [Actor, Place, boolean][] = [
    ["owner", "public channel", true],
    ["admin", "public channel", true],
    ["outsider", "public channel", false],
    ["anon", "public channel", false],
    ["member", "private channel", true],
    ["admin", "private channel", false],
  ];
  it.each(reads)("%s creating a signed URL for a file in a %s: allowed %s", async (actor, place, allowed) => {
    const path = await memberFile(place);
    const { data, error } = await w.client(actor).storage.from("attachments").createSignedUrl(path, 60);
    expect(error === null && typeof data?.signedUrl === "string").toBe(allowed);
  });

  const removals: [Actor, boolean][] = [
    ["member", true],
    ["admin", true],
    ["owner", true],
    ["outsider", false],
    ["anon", false],
  ];
  it.each(removals)("%s removing the member's file: allowed %s", async (actor, allowed) => {
    const path = await memberFile("public channel");
    await w.client(actor).storage.from("attachments").remove([path]);
    expect(await objectExists("attachments", path)).toBe(!allowed);
  });

  it("refuses file types a chat should not serve (HTML)", async () => {
    const path = `${folder("public channel")}/${randomUUID()}/page.html`;
    const { error } = await w
      .client("member")
      .storage.from("attachments")
      .upload(path, new Blob(["<script>alert(1)</script>"], { type: "text/html" }), {
        contentType: "text/html",
      });
    expect(error).not.toBeNull();
    expect(await objectExists("attachments", path)).toBe(false);
  });
});

describe("bucket limits for the composer", () => {
  const limitReads: [Actor, string, boolean][] = [
    ["member", "attachments", true],
    ["outsider", "attachments", true],
    ["anon", "attachments", false],
    ["member", "avatars", false],
  ];
  it.each(limitReads)("%s reading the %s bucket's limits: allowed %s", async (actor, bucket, allowed) => {
    const { data, error } = await w.client(actor).storage.getBucket(bucket);
    expect(error === null).toBe(allowed);
    if (allowed)
      expect(data).toMatchObject({
        id: bucket,
        file_size_limit: 26214400,
        allowed_mime_types: expect.arrayContaining(["image/png"]),
      });
  });

  it("still refuses changing the bucket to a signed-in user", async () => {
    const { error } = await w.client("owner").storage.updateBucket("attachments", { public: true });
    expect(error).not.toBeNull();
    const [row] = await w.sql<{ public: boolean }>("select public from storage.buckets where id = 'attachments'");
    expect(row?.public).toBe(false);
  });
});

describe("avatars bucket", () => {
  it("lets users write only under their own id, and anyone read", async () => {
    const own = `${w.people.member.id}/avatar.png`;
    expect(
      (await w.client("member").storage.from("avatars").upload(own, png(), { contentType: "image/png", upsert: true }))
        .error,
    ).toBeNull();
    const theirs = `${w.people.owner.id}/avatar.png`;
    expect(
      (await w.client("member").storage.from("avatars").upload(theirs, png(), { contentType: "image/png" })).error,
    ).not.toBeNull();
    const { data } = w.client("anon").storage.from("avatars").getPublicUrl(own);
    expect((await fetch(data.publicUrl)).status).toBe(200);
  });
});
