import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startStorageStack, storageFetch, type StorageTestStack } from "./storage-stack.ts";

let t: StorageTestStack;
beforeAll(async () => {
  t = await startStorageStack();
  const png = await sharp({ create: { width: 40, height: 30, channels: 3, background: { r: 20, g: 30, b: 200 } } })
    .png()
    .toBuffer();
  for (const [bucket, key, body, contentType] of [
    ["shared", "page.txt", "<script>alert(1)</script>", "text/plain"],
    ["private", "svc/page.txt", "<script>alert(1)</script>", "text/plain"],
    ["avatars", "tiny.png", png, "image/png"],
  ] as const) {
    const { error } = await t.service.storage.from(bucket).upload(key, body, { contentType });
    if (error) throw error;
  }
});
afterAll(async () => {
  await t?.close();
});

describe("object downloads tell browsers not to guess the type (X-Content-Type-Options: nosniff)", () => {
  const asService = (path: string) =>
    fetch(`${t.url}/storage/v1${path}`, { headers: { apikey: t.stack.keys.secretKey } });
  it.each([
    ["public", () => storageFetch(t, "/object/public/shared/page.txt")],
    ["authenticated", () => asService("/object/authenticated/private/svc/page.txt")],
    ["by bucket and key", () => asService("/object/private/svc/page.txt")],
    [
      "signed URL",
      async () =>
        fetch((await t.service.storage.from("private").createSignedUrl("svc/page.txt", 60)).data?.signedUrl ?? ""),
    ],
    [
      "image transform",
      () => fetch(t.anon.storage.from("avatars").getPublicUrl("tiny.png", { transform: { width: 20 } }).data.publicUrl),
    ],
    ["HEAD", () => storageFetch(t, "/object/public/shared/page.txt", { method: "HEAD" })],
  ])("%s", async (_route, download) => {
    const response = await download();
    expect(response.status).toBe(200);
    expect(response.headers.get("x-content-type-options")).toBe("nosniff");
    await response.body?.cancel();
  });
});

describe("object keys longer than S3 allows (1,024 bytes)", () => {
  const longKey = `svc/${"k".repeat(1021)}`;
  const atLimit = `svc/${"k".repeat(1020)}`;

  it("refuses an upload with InvalidKey and accepts one at the limit", async () => {
    const files = t.service.storage.from("private");
    const refused = await files.upload(longKey, "x", { contentType: "text/plain" });
    expect(refused.error).toMatchObject({ status: 400, statusCode: "400", message: `Invalid key: ${longKey}` });
    expect((await files.upload(atLimit, "x", { contentType: "text/plain" })).error).toBeNull();
  });

  it("refuses a copy, a move and a signed upload URL to such a key", async () => {
    const files = t.service.storage.from("private");
    expect((await files.copy("svc/page.txt", longKey)).error).toMatchObject({
      statusCode: "400",
      message: `Invalid key: ${longKey}`,
    });
    expect((await files.move("svc/page.txt", longKey)).error).toMatchObject({
      statusCode: "400",
      message: `Invalid key: ${longKey}`,
    });
    expect((await files.createSignedUploadUrl(longKey)).error).toMatchObject({
      statusCode: "400",
      message: `Invalid key: ${longKey}`,
    });
  });

  it("refuses a resumable (TUS) upload to such a key", async () => {
    const metadata = [
      `bucketName ${btoa("private")}`,
      `objectName ${btoa(longKey)}`,
      `contentType ${btoa("text/plain")}`,
    ].join(",");
    const response = await fetch(`${t.url}/storage/v1/upload/resumable`, {
      method: "POST",
      headers: {
        apikey: t.stack.keys.secretKey,
        "tus-resumable": "1.0.0",
        "upload-length": "1",
        "upload-metadata": metadata,
      },
    });
    expect(response.status).toBe(400);
    expect(await response.text()).toContain("Invalid key");
  });
});
