import { randomBytes } from "node:crypto";
import * as tus from "tus-js-client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startStorageStack, type StorageTestStack } from "./storage-stack.ts";

let t: StorageTestStack;
beforeAll(async () => {
  t = await startStorageStack();
});
afterAll(async () => {
  await t?.close();
});

interface TusRun {
  upload: tus.Upload;
  done: Promise<void>;
}

function startTus(bytes: Buffer, options: Partial<tus.UploadOptions> & { token?: string }): TusRun {
  let upload!: tus.Upload;
  const done = new Promise<void>((resolve, reject) => {
    upload = new tus.Upload(bytes, {
      endpoint: `${t.url}/storage/v1/upload/resumable`,
      chunkSize: 64 * 1024,
      retryDelays: [],
      removeFingerprintOnSuccess: true,
      ...options,
      headers: {
        apikey: t.stack.keys.publishableKey,
        ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
        ...options.headers,
      },
      onSuccess: () => resolve(),
      onError: (error) => reject(error),
    });
  });
  upload.start();
  return { upload, done };
}

const tusStatus = (error: unknown) =>
  (error as { originalResponse?: { getStatus(): number; getBody(): string } }).originalResponse;

describe("TUS resumable uploads", () => {
  it("resumes an interrupted upload from the server's offset and stores the object", async () => {
    const alice = await t.user();
    const bytes = randomBytes(1024 * 1024);
    const metadata = {
      bucketName: "private",
      objectName: `${alice.id}/big.bin`,
      contentType: "application/octet-stream",
      cacheControl: "60",
    };

    let interrupted!: () => void;
    const paused = new Promise<void>((resolve) => (interrupted = resolve));
    const first: tus.Upload = startTus(bytes, {
      token: alice.token,
      metadata,
      onChunkComplete: (_chunk, accepted) => {
        if (accepted >= 256 * 1024) {
          void first.abort().then(interrupted);
        }
      },
    }).upload;
    await paused;
    const uploadUrl = first.url ?? "";
    expect(uploadUrl).toMatch(new RegExp(`^${t.url}/storage/v1/upload/resumable/[A-Za-z0-9_-]+$`));

    const head = await fetch(uploadUrl, {
      method: "HEAD",
      headers: { "tus-resumable": "1.0.0", authorization: `Bearer ${alice.token}` },
    });
    const offset = Number(head.headers.get("upload-offset"));
    expect(offset).toBeGreaterThanOrEqual(256 * 1024);
    expect(offset).toBeLessThan(bytes.length);

    const progress: number[] = [];
    const resumed = startTus(bytes, {
      token: alice.token,
      metadata,
      uploadUrl,
      onProgress: (sent) => progress.push(sent),
    });
    await resumed.done;
    // Resumed, not restarted: no progress report below the offset the server already had.
    expect(Math.min(...progress)).toBeGreaterThanOrEqual(offset);

    const { data } = await alice.client.storage.from("private").download(`${alice.id}/big.bin`);
    expect(Buffer.from(await (data as Blob).arrayBuffer()).equals(bytes)).toBe(true);
    const info = await alice.client.storage.from("private").info(`${alice.id}/big.bin`);
    expect(info.data).toMatchObject({ size: bytes.length, cacheControl: "max-age=60" });
  });

  it("refuses uploads the caller's policies refuse (403), onto an existing key (409) and over the limit (413)", async () => {
    const alice = await t.user();
    const bob = await t.user();
    const bytes = randomBytes(1000);
    const refused = startTus(bytes, {
      token: bob.token,
      metadata: { bucketName: "private", objectName: `${alice.id}/x.bin` },
    });
    await expect(refused.done).rejects.toBeDefined();
    const response = tusStatus(await refused.done.catch((e: unknown) => e));
    expect(response?.getStatus()).toBe(403);
    expect(response?.getBody()).toBe("new row violates row-level security policy");

    await alice.client.storage.from("private").upload(`${alice.id}/exists.bin`, "x", { contentType: "text/plain" });
    const duplicate = startTus(bytes, {
      token: alice.token,
      metadata: { bucketName: "private", objectName: `${alice.id}/exists.bin` },
    });
    expect(tusStatus(await duplicate.done.catch((e: unknown) => e))?.getStatus()).toBe(409);
    const upsert = startTus(bytes, {
      token: alice.token,
      headers: { "x-upsert": "true" },
      metadata: { bucketName: "private", objectName: `${alice.id}/exists.bin` },
    });
    await upsert.done;

    const tooBig = startTus(randomBytes(2048), {
      token: t.stack.keys.serviceRoleKey,
      metadata: { bucketName: "limited", objectName: "svc/big.txt", contentType: "text/plain" },
    });
    expect(tusStatus(await tooBig.done.catch((e: unknown) => e))?.getStatus()).toBe(413);
  });

  it("accepts a signed upload token in x-signature on /upload/resumable/sign", async () => {
    const alice = await t.user();
    const path = `${alice.id}/signed-tus.bin`;
    const signed = await alice.client.storage.from("private").createSignedUploadUrl(path);
    const bytes = randomBytes(200 * 1024);
    const run = startTus(bytes, {
      endpoint: `${t.url}/storage/v1/upload/resumable/sign`,
      headers: { "x-signature": signed.data?.token ?? "" },
      metadata: { bucketName: "private", objectName: path, contentType: "application/octet-stream" },
    });
    await run.done;
    expect(run.upload.url).toContain("/storage/v1/upload/resumable/sign/");
    const row = await t.stack.db.admin.query(
      "select owner_id, (metadata->>'size')::int as size from storage.objects where bucket_id = 'private' and name = $1",
      [path],
    );
    expect(row.rows[0]).toEqual({ owner_id: alice.id, size: bytes.length });
  });
});
