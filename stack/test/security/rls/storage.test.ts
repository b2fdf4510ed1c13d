import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TestStack } from "../../support/test-stack.ts";
import { startParleyStack } from "../../parley/support/parley-stack.ts";
import { buildSecurityWorld, parseMatrix, type SecurityActor, type SecurityWorld } from "../support/security-world.ts";
import { STORAGE_MATRIX } from "./storage-matrix.ts";

let t: TestStack;
let w: SecurityWorld;
let elsewhereChannelId: string;
beforeAll(async () => {
  t = await startParleyStack();
  w = await buildSecurityWorld(t);
  const [general] = await w.base.sql<{ id: string }>("select id from public.channels where workspace_id = $1", [
    w.base.otherWorkspaceId,
  ]);
  elsewhereChannelId = general?.id ?? "";
});
afterAll(() => t?.close());

const PNG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const png = (extra = 0) =>
  new Blob([new Uint8Array([...PNG, ...new Array<number>(extra).fill(7)])], { type: "image/png" });

/** Where an action points: the object's path and, for listings, the folder that shows it. */
interface Place {
  path: string;
  folder: string;
}

const under = (folder: string, name = `${randomUUID()}/photo.png`): Place => ({ path: `${folder}/${name}`, folder });

/** A file the member uploads through the API first. */
async function memberUpload(bucket: string, folder: string): Promise<Place> {
  const place = bucket === "avatars" ? under(folder, `avatar-${randomUUID()}.png`) : under(folder);
  const { error } = await w
    .client("member")
    .storage.from(bucket)
    .upload(place.path, png(), { contentType: "image/png" });
  if (error) throw new Error(`arranging ${place.path}: ${error.message}`);
  return place;
}

const targets: Record<string, (bucket: string, actor: SecurityActor) => Promise<Place>> = {
  "into the public channel": async () => under(`${w.base.workspaceId}/${w.base.publicChannelId}`),
  "into the private channel": async () => under(`${w.base.workspaceId}/${w.base.privateChannelId}`),
  "into another workspace's channel": async () => under(`${w.base.workspaceId}/${elsewhereChannelId}`),
  "under a malformed path": async () => under(`not-a-workspace/${w.base.publicChannelId}`),
  "the member's file, public channel": (bucket) =>
    memberUpload(bucket, `${w.base.workspaceId}/${w.base.publicChannelId}`),
  "the member's file, private channel": (bucket) =>
    memberUpload(bucket, `${w.base.workspaceId}/${w.base.privateChannelId}`),
  "the public channel's folder": (bucket) => memberUpload(bucket, `${w.base.workspaceId}/${w.base.publicChannelId}`),
  "the private channel's folder": (bucket) => memberUpload(bucket, `${w.base.workspaceId}/${w.base.privateChannelId}`),
  "into the caller's own folder": async (_bucket, actor) =>
    under(actor === "signed-out" ? randomUUID() : w.people[actor].id, `avatar-${randomUUID()}.png`),
  "into the member's folder": async () => under(w.people.member.id, `avatar-${randomUUID()}.png`),
  "the member's avatar": (bucket) => memberUpload(bucket, w.people.member.id),
  "the member's folder": (bucket) => memberUpload(bucket, w.people.member.id),
  "the bucket root, showing the member": async (bucket) => ({
    ...(await memberUpload(bucket, w.people.member.id)),
    folder: "",
  }),
};

async function storedSize(bucket: string, path: string): Promise<number | undefined> {
  const [row] = await w.base.sql<{ size: string }>(
    "select metadata->>'size' as size from storage.objects where bucket_id = $1 and name = $2",
    [bucket, path],
  );
  return row ? Number(row.size) : undefined;
}

/** Tries one storage action as the actor; true when it succeeded and had its effect. */
const attempts: Record<string, (actor: SecurityActor, bucket: string, place: Place) => Promise<boolean>> = {
  upload: async (actor, bucket, { path }) => {
    const { error } = await w.client(actor).storage.from(bucket).upload(path, png(), { contentType: "image/png" });
    return error === null && (await storedSize(bucket, path)) === PNG.length;
  },
  download: async (actor, bucket, { path }) => {
    const { data, error } = await w.client(actor).storage.from(bucket).download(path);
    return error === null && data !== null && data.size === PNG.length;
  },
  "sign-url": async (actor, bucket, { path }) => {
    const { data, error } = await w.client(actor).storage.from(bucket).createSignedUrl(path, 60);
    return error === null && data !== null && (await fetch(data.signedUrl)).status === 200;
  },
  "public-url": async (actor, bucket, { path }) => {
    const { data } = w.client(actor).storage.from(bucket).getPublicUrl(path);
    const response = await fetch(data.publicUrl);
    return response.status === 200 && (await response.arrayBuffer()).byteLength === PNG.length;
  },
  list: async (actor, bucket, { path, folder }) => {
    const { data, error } = await w.client(actor).storage.from(bucket).list(folder);
    const shown = (folder === "" ? path : path.slice(folder.length + 1)).split("/")[0];
    return error === null && (data ?? []).some((entry) => entry.name === shown);
  },
  replace: async (actor, bucket, { path }) => {
    const { error } = await w
      .client(actor)
      .storage.from(bucket)
      .upload(path, png(5), { contentType: "image/png", upsert: true });
    return error === null && (await storedSize(bucket, path)) === PNG.length + 5;
  },
  remove: async (actor, bucket, { path }) => {
    await w.client(actor).storage.from(bucket).remove([path]);
    return (await storedSize(bucket, path)) === undefined;
  },
};

describe("storage: bucket policies for every kind of caller", () => {
  const cases = parseMatrix<[string, string, string]>(STORAGE_MATRIX, 3).map(
    ({ labels: [bucket, action, target], actor, allowed }) => [actor, action, bucket, target, allowed] as const,
  );
  it.each(cases)("%s: %s in %s %s → allowed %s", async (actor, action, bucket, target, allowed) => {
    const resolve = targets[target];
    const attempt = attempts[action];
    if (!resolve || !attempt) throw new Error(`unknown row: ${action} ${target}`);
    expect(await attempt(actor, bucket, await resolve(bucket, actor))).toBe(allowed);
  });
});
