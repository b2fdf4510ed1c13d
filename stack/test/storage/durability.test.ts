import { mkdir, readdir, writeFile } from "node:fs/promises";
import { request } from "node:http";
import path from "node:path";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { startStack } from "../../src/index.ts";
import { testClient } from "../support/client.ts";
import { startStorageStack, storageFetch, type StorageTestStack } from "./storage-stack.ts";

let t: StorageTestStack;
beforeAll(async () => {
  t = await startStorageStack();
});
afterAll(async () => {
  await t?.close();
});

const storageDir = () => path.join(t.project.dataDir, "storage");
const filesIn = async (dir: string) =>
  (await readdir(dir, { recursive: true, withFileTypes: true }).catch(() => [])).filter((e) => e.isFile()).length;

describe("files on disk", () => {
  it("leaves no row and no temp file after a client aborts mid-upload", async () => {
    const url = new URL(`${t.url}/storage/v1/object/private/aborted.bin`);
    await new Promise<void>((resolve) => {
      const req = request(url, {
        method: "POST",
        headers: {
          apikey: t.stack.keys.secretKey,
          "content-type": "application/octet-stream",
          "content-length": String(1024 * 1024),
        },
      });
      req.on("error", () => resolve());
      req.write(Buffer.alloc(200 * 1024), () => {
        req.destroy();
        resolve();
      });
    });
    await vi.waitFor(async () => expect(await filesIn(path.join(storageDir(), "tmp"))).toBe(0), { timeout: 5000 });
    const rows = await t.stack.db.admin.query("select 1 from storage.objects where name = 'aborted.bin'");
    expect(rows.rowCount).toBe(0);
  });

  it("removes an overwritten version's file and keeps one file per object", async () => {
    const before = await filesIn(path.join(storageDir(), "objects"));
    const files = t.service.storage.from("private");
    await files.upload("dur/a.txt", "one", { contentType: "text/plain" });
    await files.upload("dur/a.txt", "two", { contentType: "text/plain", upsert: true });
    expect(await filesIn(path.join(storageDir(), "objects"))).toBe(before + 1);
    await files.remove(["dur/a.txt"]);
    expect(await filesIn(path.join(storageDir(), "objects"))).toBe(before);
  });

  it("drops orphaned files and temp files left by a crash on the next start, keeping real objects", async () => {
    await t.service.storage.from("private").upload("dur/kept.txt", "kept", { contentType: "text/plain" });
    await mkdir(path.join(storageDir(), "objects", "00"), { recursive: true });
    await writeFile(path.join(storageDir(), "objects", "00", "00000000-0000-4000-8000-000000000000"), "orphan");
    await writeFile(path.join(storageDir(), "tmp", "half-written"), "partial");
    await t.stack.stop();
    const stack = await startStack({
      workdir: t.project.workdir,
      dataDir: t.project.dataDir,
      ports: { api: 0, db: 0, inbucket: 0 },
      logger: pino({ level: "silent" }),
    });
    t = {
      ...t,
      stack,
      url: stack.status().API_URL,
      close: async () => {
        await stack.stop();
        await t.project.remove();
      },
    };
    expect(await filesIn(path.join(storageDir(), "tmp"))).toBe(0);
    const orphan = await readdir(path.join(storageDir(), "objects", "00")).catch(() => []);
    expect(orphan).not.toContain("00000000-0000-4000-8000-000000000000");
    const service = testClient(t.url, stack.keys.secretKey);
    expect(await (await service.storage.from("private").download("dur/kept.txt")).data?.text()).toBe("kept");
  });
});

describe("CDN purge", () => {
  it("answers success to the service role and a real 403 to others", async () => {
    const ok = await storageFetch(t, "/cdn/private/a.txt", { method: "DELETE", token: t.stack.keys.serviceRoleKey });
    expect(await ok.json()).toEqual({ message: "success", statusCode: "200" });
    const refused = await storageFetch(t, "/cdn/private", { method: "DELETE" });
    expect(refused.status).toBe(403);
    expect(await refused.json()).toMatchObject({ statusCode: "403", code: "AccessDenied" });
  });
});
