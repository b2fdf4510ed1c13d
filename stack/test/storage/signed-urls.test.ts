import { SignJWT } from "jose";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { startStorageStack, type StorageTestStack } from "./storage-stack.ts";

let t: StorageTestStack;
beforeAll(async () => {
  t = await startStorageStack();
  await t.service.storage.from("private").upload("signed/a.txt", "signed bytes", { contentType: "text/plain" });
  await t.service.storage.from("private").upload("signed/b.txt", "b", { contentType: "text/plain" });
});
afterAll(async () => {
  vi.useRealTimers();
  await t?.close();
});

describe("signed download URLs", () => {
  it("serves a signed URL until it expires, then refuses it with jose's message", async () => {
    const { data, error } = await t.service.storage.from("private").createSignedUrl("signed/a.txt", 60);
    expect(error).toBeNull();
    const url = data?.signedUrl ?? "";
    expect(url).toMatch(/\/storage\/v1\/object\/sign\/private\/signed\/a\.txt\?token=/);
    const ok = await fetch(url);
    expect(ok.status).toBe(200);
    expect(await ok.text()).toBe("signed bytes");
    expect(ok.headers.get("expires")).not.toBeNull();
    expect(ok.headers.get("cache-control")).toBeNull();

    vi.useFakeTimers({ toFake: ["Date"], now: Date.now() + 120_000 });
    try {
      const expired = await fetch(url);
      expect(expired.status).toBe(400);
      expect(await expired.json()).toEqual({
        statusCode: "400",
        error: "InvalidJWT",
        code: "InvalidJWT",
        message: '"exp" claim timestamp check failed',
      });
    } finally {
      vi.useRealTimers();
    }
  });

  it("signs a batch, reporting paths that do not exist", async () => {
    const { data } = await t.service.storage
      .from("private")
      .createSignedUrls(["signed/a.txt", "signed/none.txt", "signed/b.txt"], 60);
    expect(data?.map((d) => [d.path, d.error])).toEqual([
      ["signed/a.txt", null],
      ["signed/none.txt", "Either the object does not exist or you do not have access to it"],
      ["signed/b.txt", null],
    ]);
    expect(await (await fetch(data?.[2]?.signedUrl ?? "")).text()).toBe("b");
  });

  it("refuses a token for another object, a forged token, an upload token and a bad expiresIn", async () => {
    const { data } = await t.service.storage.from("private").createSignedUrl("signed/a.txt", 60);
    const token = new URL(data?.signedUrl ?? "").searchParams.get("token") ?? "";
    const other = await fetch(`${t.url}/storage/v1/object/sign/private/signed/b.txt?token=${token}`);
    expect(await other.json()).toMatchObject({
      statusCode: "400",
      code: "InvalidSignature",
      message: "Invalid signature",
    });
    const forged = await new SignJWT({ url: "private/signed/a.txt", scope: "download" })
      .setProtectedHeader({ alg: "HS256" })
      .setExpirationTime("1h")
      .sign(new TextEncoder().encode("not-the-secret-not-the-secret-not-the-secret"));
    expect(
      await (await fetch(`${t.url}/storage/v1/object/sign/private/signed/a.txt?token=${forged}`)).json(),
    ).toMatchObject({ code: "InvalidJWT", message: "signature verification failed" });
    const upload = await t.service.storage.from("private").createSignedUploadUrl("signed/new.txt");
    expect(
      await (await fetch(`${t.url}/storage/v1/object/sign/private/signed/new.txt?token=${upload.data?.token}`)).json(),
    ).toMatchObject({
      code: "InvalidSignature",
      message: "Token is not scoped for download",
    });
    const bad = await t.service.storage.from("private").createSignedUrl("signed/a.txt", 0);
    expect(bad.error).toMatchObject({ statusCode: "400", message: "Invalid Parameter expiresIn" });
  });
});

describe("signed upload URLs", () => {
  it("lets a token holder upload once as the signer, and refuses a second upload without upsert", async () => {
    const alice = await t.user();
    const path = `${alice.id}/via-token.txt`;
    const signed = await alice.client.storage.from("private").createSignedUploadUrl(path);
    expect(signed.error).toBeNull();
    expect(signed.data?.path).toBe(path);
    const up = await t.anon.storage
      .from("private")
      .uploadToSignedUrl(path, signed.data?.token ?? "", "from a token", { contentType: "text/plain" });
    expect(up.error).toBeNull();
    expect(up.data).toMatchObject({ path, fullPath: `private/${path}` });
    const row = await t.stack.db.admin.query(
      "select owner_id from storage.objects where bucket_id = 'private' and name = $1",
      [path],
    );
    expect(row.rows[0]?.owner_id).toBe(alice.id);
    expect(await (await alice.client.storage.from("private").download(path)).data?.text()).toBe("from a token");
    const again = await t.anon.storage
      .from("private")
      .uploadToSignedUrl(path, signed.data?.token ?? "", "again", { contentType: "text/plain" });
    expect(again.error).toMatchObject({ statusCode: "409" });
  });

  it("refuses to sign an upload onto an existing key without upsert", async () => {
    const { error } = await t.service.storage.from("private").createSignedUploadUrl("signed/a.txt");
    expect(error).toMatchObject({ statusCode: "409", message: "The resource already exists" });
  });

  it("lets an upsert token overwrite", async () => {
    const signed = await t.service.storage.from("private").createSignedUploadUrl("signed/up.txt", { upsert: true });
    const token = signed.data?.token ?? "";
    await t.anon.storage
      .from("private")
      .uploadToSignedUrl("signed/up.txt", token, "one", { contentType: "text/plain" });
    expect(
      (
        await t.anon.storage
          .from("private")
          .uploadToSignedUrl("signed/up.txt", token, "two", { contentType: "text/plain" })
      ).error,
    ).toBeNull();
    expect(await (await t.service.storage.from("private").download("signed/up.txt")).data?.text()).toBe("two");
  });

  it("refuses to sign an upload the caller's policies would refuse", async () => {
    const alice = await t.user();
    const bob = await t.user();
    const { error } = await bob.client.storage.from("private").createSignedUploadUrl(`${alice.id}/x.txt`);
    expect(error).toMatchObject({ statusCode: "403", message: "new row violates row-level security policy" });
  });
});

describe("keys that need encoding", () => {
  it("signs and serves a key with spaces and punctuation, with a download name", async () => {
    const key = "signed/with space (1)+&.txt";
    await t.service.storage.from("private").upload(key, "odd", { contentType: "text/plain" });
    const { data } = await t.service.storage.from("private").createSignedUrl(key, 60, { download: "nice name.txt" });
    const response = await fetch(data?.signedUrl ?? "");
    expect(response.status).toBe(200);
    expect(await response.text()).toBe("odd");
    expect(response.headers.get("content-disposition")).toBe(
      "attachment; filename=nice%20name.txt; filename*=UTF-8''nice%20name.txt",
    );
  });

  it("accepts an empty folder placeholder and refuses bytes in one", async () => {
    const files = t.service.storage.from("limited");
    expect((await files.upload("svc/folder/.emptyFolderPlaceholder", new Blob([]))).error).toBeNull();
    expect((await files.upload("svc/other/.emptyFolderPlaceholder", new Blob(["x"]))).error).toMatchObject({
      statusCode: "413",
    });
  });
});
