import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TestStack } from "../support/test-stack.ts";
import { startParleyStack } from "./support/parley-stack.ts";
import { ACTORS, buildWorld, messageBy, type Actor, type World } from "./support/world.ts";

let t: TestStack;
let w: World;
beforeAll(async () => {
  t = await startParleyStack();
  w = await buildWorld(t);
});
afterAll(() => t?.close());

const bucket = "custom-emoji";
const png = (bytes = 8) => {
  const body = new Uint8Array(bytes);
  body.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  return new Blob([body], { type: "image/png" });
};
const uniqueName = () => `party-${randomUUID().slice(0, 8)}`;

/** An emoji the owner added (straight in the database), to read or remove. */
async function ownersEmoji(): Promise<{ id: string; name: string; storage_path: string }> {
  return w.insert("custom_emoji", {
    workspace_id: w.workspaceId,
    name: uniqueName(),
    storage_path: `${w.workspaceId}/${randomUUID()}.png`,
    created_by: w.people.owner.id,
  });
}

/** An image in the bucket under the workspace's folder, put in place with the service role. */
async function storedImage(): Promise<string> {
  const path = `${w.workspaceId}/${randomUUID()}.png`;
  await w.sql(
    `insert into storage.objects (bucket_id, name, owner_id, metadata) values ($1, $2, $3, '{"mimetype": "image/png", "size": 8}')`,
    [bucket, path, w.people.owner.id],
  );
  return path;
}

const exists = async (query: string, value: string) => (await w.sql(query, [value])).length === 1;

// Who may do what with a workspace's custom emoji. ✓ = the change happens (or the row is
// visible), ✗ = refused or invisible. The outsider owns another workspace.
//
//  target   action   owner admin member outsider anon
const MATRIX = `
    row      select   ✓     ✓     ✓      ✗        ✗
    row      insert   ✓     ✓     ✗      ✗        ✗
    row      update   ✗     ✗     ✗      ✗        ✗
    row      delete   ✓     ✓     ✗      ✗        ✗
    image    upload   ✓     ✓     ✗      ✗        ✗
    image    list     ✓     ✓     ✓      ✗        ✗
    image    remove   ✓     ✓     ✗      ✗        ✗
`;

type Case = [actor: Actor, action: string, target: string, allowed: boolean];
const cases: Case[] = MATRIX.trim()
  .split("\n")
  .flatMap((line) => {
    const [target = "", action = "", ...marks] = line.trim().split(/\s+/);
    return ACTORS.map((actor, i): Case => [actor, action, target, marks[i] === "✓"]);
  });

/** Tries one action as the actor; true when it took effect (or the row or image was visible). */
async function attempt(actor: Actor, action: string, target: string): Promise<boolean> {
  const client = w.client(actor);
  if (target === "row") {
    const table = client.from("custom_emoji");
    if (action === "insert") {
      const name = uniqueName();
      await table.insert({ workspace_id: w.workspaceId, name, storage_path: `${w.workspaceId}/${randomUUID()}.png` });
      return exists("select 1 from public.custom_emoji where name = $1", name);
    }
    const emoji = await ownersEmoji();
    if (action === "select") return ((await table.select("id").eq("id", emoji.id)).data ?? []).length === 1;
    if (action === "update") {
      await table.update({ name: `${emoji.name}-x` }).eq("id", emoji.id);
      return exists("select 1 from public.custom_emoji where name = $1", `${emoji.name}-x`);
    }
    await table.delete().eq("id", emoji.id);
    return !(await exists("select 1 from public.custom_emoji where id = $1", emoji.id));
  }
  const images = client.storage.from(bucket);
  if (action === "upload") {
    const path = `${w.workspaceId}/${randomUUID()}.png`;
    await images.upload(path, png(), { contentType: "image/png" });
    return exists(`select 1 from storage.objects where bucket_id = '${bucket}' and name = $1`, path);
  }
  const path = await storedImage();
  if (action === "list") {
    const { data } = await images.list(w.workspaceId, { limit: 1000 });
    return (data ?? []).some((object) => `${w.workspaceId}/${object.name}` === path);
  }
  await images.remove([path]);
  return !(await exists(`select 1 from storage.objects where bucket_id = '${bucket}' and name = $1`, path));
}

describe("custom emoji: who reads, adds and removes", () => {
  it.each(cases)("%s: %s of an emoji %s is allowed: %s", async (actor, action, target, allowed) => {
    expect(await attempt(actor, action, target)).toBe(allowed);
  });
});

describe("custom emoji: names, images and their use", () => {
  it.each(["Party", "party parrot", "party.parrot", "", "a".repeat(63), "ünicode", "tada:"])(
    "refuses the name %j (Slack's rules, and `:name:` fits a reaction)",
    async (name) => {
      const { error } = await w
        .client("admin")
        .from("custom_emoji")
        .insert({ workspace_id: w.workspaceId, name, storage_path: `${w.workspaceId}/${randomUUID()}.png` });
      expect(error?.code).toBe("23514");
    },
  );

  it("refuses a name the workspace already has, but another workspace may use it", async () => {
    const taken = await ownersEmoji();
    const again = await w
      .client("admin")
      .from("custom_emoji")
      .insert({ workspace_id: w.workspaceId, name: taken.name, storage_path: `${w.workspaceId}/${randomUUID()}.png` });
    expect(again.error?.code).toBe("23505");
    const elsewhere = await w
      .client("outsider")
      .from("custom_emoji")
      .insert({
        workspace_id: w.otherWorkspaceId,
        name: taken.name,
        storage_path: `${w.otherWorkspaceId}/${randomUUID()}.png`,
      });
    expect(elsewhere.error).toBeNull();
  });

  it("refuses an image stored under another workspace's folder", async () => {
    const { error } = await w
      .client("admin")
      .from("custom_emoji")
      .insert({ workspace_id: w.workspaceId, name: uniqueName(), storage_path: `${w.otherWorkspaceId}/x.png` });
    expect(error?.code).toBe("23514");
    const upload = await w
      .client("admin")
      .storage.from(bucket)
      .upload(`${w.otherWorkspaceId}/${randomUUID()}.png`, png(), { contentType: "image/png" });
    expect(upload.error).not.toBeNull();
  });

  it("refuses an image over 128 KiB and types other than png, gif, webp and jpeg", async () => {
    const images = w.client("admin").storage.from(bucket);
    const big = await images.upload(`${w.workspaceId}/${randomUUID()}.png`, png(128 * 1024 + 1), {
      contentType: "image/png",
    });
    expect(big.error).not.toBeNull();
    const svg = await images.upload(
      `${w.workspaceId}/${randomUUID()}.svg`,
      new Blob(["<svg xmlns='http://www.w3.org/2000/svg'/>"], { type: "image/svg+xml" }),
      { contentType: "image/svg+xml" },
    );
    expect(svg.error).not.toBeNull();
    const fits = await images.upload(`${w.workspaceId}/${randomUUID()}.webp`, png(128 * 1024), {
      contentType: "image/webp",
    });
    expect(fits.error).toBeNull();
  });

  it("serves an image by its public URL, as Slack serves emoji", async () => {
    const path = `${w.workspaceId}/${randomUUID()}.png`;
    expect(
      (await w.client("admin").storage.from(bucket).upload(path, png(), { contentType: "image/png" })).error,
    ).toBeNull();
    const { publicUrl } = w.client("anon").storage.from(bucket).getPublicUrl(path).data;
    const response = await fetch(publicUrl);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("image/png");
  });

  it("takes `:name:` of the longest name as a reaction", async () => {
    const emoji = await w.insert<{ name: string }>("custom_emoji", {
      workspace_id: w.workspaceId,
      name: "a".repeat(62),
      storage_path: `${w.workspaceId}/${randomUUID()}.png`,
      created_by: w.people.owner.id,
    });
    const message = await messageBy(w, w.people.owner.id, w.publicChannelId);
    const { error } = await w
      .client("member")
      .from("reactions")
      .insert({ message_id: message.id, emoji: `:${emoji.name}:` });
    expect(error).toBeNull();
  });
});
