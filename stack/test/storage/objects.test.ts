import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startStorageStack, storageFetch, type StorageTestStack } from "./storage-stack.ts";

let t: StorageTestStack;
beforeAll(async () => {
  t = await startStorageStack();
});
afterAll(async () => {
  await t?.close();
});

const text = async (blob: Blob | null) => (blob ? await blob.text() : null);

describe("uploads", () => {
  it("uploads a string, a Buffer and a Blob (multipart) and reports id, path and fullPath", async () => {
    const files = t.service.storage.from("private");
    const raw = await files.upload("svc/hello.txt", "hello world", { contentType: "text/plain" });
    expect(raw.error).toBeNull();
    expect(raw.data).toMatchObject({ path: "svc/hello.txt", fullPath: "private/svc/hello.txt" });
    expect(raw.data?.id).toMatch(/^[0-9a-f-]{36}$/);
    const buffer = await files.upload("svc/buffer.bin", Buffer.from([1, 2, 3]), {
      contentType: "application/octet-stream",
    });
    expect(buffer.error).toBeNull();
    const blob = await files.upload("svc/blob.json", new Blob(['{"a":1}'], { type: "application/json" }), {
      metadata: { purpose: "test" },
    });
    expect(blob.error).toBeNull();
    const info = await files.info("svc/blob.json");
    expect(info.data).toMatchObject({
      contentType: "application/json",
      size: 7,
      cacheControl: "max-age=3600",
      metadata: { purpose: "test" },
      bucketId: "private",
    });
    expect(await text((await files.download("svc/blob.json")).data)).toBe('{"a":1}');
  });

  it("refuses an existing key without upsert (409) and overwrites with upsert or update", async () => {
    const files = t.service.storage.from("private");
    await files.upload("svc/dup.txt", "one", { contentType: "text/plain" });
    const again = await files.upload("svc/dup.txt", "two", { contentType: "text/plain" });
    expect(again.error).toMatchObject({ status: 400, statusCode: "409", message: "The resource already exists" });
    expect((await files.upload("svc/dup.txt", "three", { contentType: "text/plain", upsert: true })).error).toBeNull();
    expect(await text((await files.download("svc/dup.txt")).data)).toBe("three");
    expect((await files.update("svc/dup.txt", "four", { contentType: "text/plain" })).error).toBeNull();
    expect(await text((await files.download("svc/dup.txt")).data)).toBe("four");
    expect((await files.update("svc/created-by-update.txt", "new", { contentType: "text/plain" })).error).toBeNull();
  });

  it("enforces the bucket's size limit and MIME types, and the global limit", async () => {
    const limited = t.service.storage.from("limited");
    const tooBig = await limited.upload("svc/big.txt", "x".repeat(2000), { contentType: "text/plain" });
    expect(tooBig.error).toMatchObject({ statusCode: "413", message: "The object exceeded the maximum allowed size" });
    const wrongType = await limited.upload("svc/page.html", "<p>", { contentType: "text/html" });
    expect(wrongType.error).toMatchObject({ statusCode: "415", message: "mime type text/html is not supported" });
    const charset = await limited.upload("svc/default.txt", "hi");
    expect(charset.error).toMatchObject({
      statusCode: "415",
      message: "mime type text/plain;charset=UTF-8 is not supported",
    });
    expect((await limited.upload("svc/ok.txt", "hi", { contentType: "text/plain" })).error).toBeNull();
    const global = await t.service.storage
      .from("private")
      .upload("svc/huge.bin", Buffer.alloc(5 * 1024 * 1024 + 1), { contentType: "application/octet-stream" });
    expect(global.error).toMatchObject({ statusCode: "413" });
    const blobTooBig = await limited.upload("svc/big-blob.txt", new Blob(["y".repeat(2000)], { type: "text/plain" }));
    expect(blobTooBig.error).toMatchObject({ statusCode: "413" });
  });

  it("rejects invalid keys and unknown buckets", async () => {
    const bad = await t.service.storage.from("private").upload("svc/naïve.txt", "x", { contentType: "text/plain" });
    expect(bad.error).toMatchObject({ statusCode: "400", message: "Invalid key: svc/naïve.txt" });
    const missing = await t.service.storage.from("nope").upload("a.txt", "x");
    expect(missing.error).toMatchObject({ statusCode: "404", message: "Bucket not found" });
  });
});

describe("row level security", () => {
  it("lets a user write and read their own folder and refuses another user the same object", async () => {
    const alice = await t.user();
    const bob = await t.user();
    const path = `${alice.id}/notes.txt`;
    const up = await alice.client.storage.from("private").upload(path, "alice's", { contentType: "text/plain" });
    expect(up.error).toBeNull();
    expect(await text((await alice.client.storage.from("private").download(path)).data)).toBe("alice's");

    const cases: [string, () => Promise<{ error: unknown }>, Record<string, unknown>][] = [
      [
        "download",
        () => bob.client.storage.from("private").download(path),
        { statusCode: "404", message: "Object not found" },
      ],
      ["info", () => bob.client.storage.from("private").info(path), { statusCode: "404" }],
      [
        "upload into alice's folder",
        () => bob.client.storage.from("private").upload(`${alice.id}/evil.txt`, "x", { contentType: "text/plain" }),
        { statusCode: "403", message: "new row violates row-level security policy" },
      ],
      [
        "overwrite",
        () => bob.client.storage.from("private").update(path, "x", { contentType: "text/plain" }),
        { statusCode: "403" },
      ],
      ["move", () => bob.client.storage.from("private").move(path, `${bob.id}/stolen.txt`), { statusCode: "404" }],
      ["copy", () => bob.client.storage.from("private").copy(path, `${bob.id}/copy.txt`), { statusCode: "404" }],
      ["sign", () => bob.client.storage.from("private").createSignedUrl(path, 60), { statusCode: "404" }],
    ];
    for (const [, run, expected] of cases) expect((await run()).error).toMatchObject(expected);
    expect((await bob.client.storage.from("private").remove([path])).data).toEqual([]);
    expect((await bob.client.storage.from("private").list(alice.id)).data).toEqual([]);
    expect((await bob.client.storage.from("private").exists(path)).data).toBe(false);
    expect((await alice.client.storage.from("private").exists(path)).data).toBe(true);
    expect((await t.anon.storage.from("private").download(path)).error).toMatchObject({ statusCode: "404" });
  });

  it("serves public buckets without a token and private ones never publicly", async () => {
    const alice = await t.user();
    await t.service.storage.from("shared").upload("pub/a.txt", "public bytes", { contentType: "text/plain" });
    const url = t.anon.storage.from("shared").getPublicUrl("pub/a.txt").data.publicUrl;
    const response = await fetch(url);
    expect(response.status).toBe(200);
    expect(await response.text()).toBe("public bytes");
    const noKey = await fetch(`${t.url}/storage/v1/object/shared/pub/a.txt`);
    expect(noKey.status).toBe(200);

    await alice.client.storage.from("private").upload(`${alice.id}/p.txt`, "secret", { contentType: "text/plain" });
    const privateUrl = t.anon.storage.from("private").getPublicUrl(`${alice.id}/p.txt`).data.publicUrl;
    const refused = await fetch(privateUrl);
    expect(refused.status).toBe(400);
    expect(await refused.json()).toMatchObject({ statusCode: "404", error: "Bucket not found" });
    const noToken = await fetch(`${t.url}/storage/v1/object/private/${alice.id}/p.txt`);
    expect(await noToken.json()).toMatchObject({ statusCode: "404", message: "Bucket not found" });
  });

  it("treats a bad token as anonymous on download routes and refuses it elsewhere", async () => {
    await t.service.storage.from("shared").upload("anyone.txt", "open", { contentType: "text/plain" });
    const download = await storageFetch(t, "/object/shared/anyone.txt", { token: "bad.token.here" });
    expect(download.status).toBe(200);
    expect(await download.text()).toBe("open");
    const info = await storageFetch(t, "/object/info/shared/anyone.txt", { token: "bad.token.here" });
    expect(await info.json()).toMatchObject({ name: "anyone.txt", bucket_id: "shared" });
    const upload = await storageFetch(t, "/object/shared/x.txt", {
      method: "POST",
      body: "x",
      token: "bad.token.here",
    });
    expect(upload.status).toBe(400);
    expect(await upload.json()).toMatchObject({
      statusCode: "403",
      code: "AccessDenied",
      message: "signature verification failed",
    });
    const expired = await t.user(undefined, -3600);
    const refused = await expired.client.storage.from("shared").upload("y.txt", "y", { contentType: "text/plain" });
    expect(refused.error).toMatchObject({ statusCode: "403", message: '"exp" claim timestamp check failed' });
  });

  it("lets only owners upload to the shared bucket (owner_id from the token)", async () => {
    const carol = await t.user();
    const { data } = await carol.client.storage
      .from("shared")
      .upload("carol.txt", "mine", { contentType: "text/plain" });
    expect(data?.path).toBe("carol.txt");
    const row = await t.stack.db.admin.query(
      "select owner_id, owner::text from storage.objects where bucket_id = 'shared' and name = 'carol.txt'",
    );
    expect(row.rows[0]).toEqual({ owner_id: carol.id, owner: carol.id });
  });
});

describe("downloads", () => {
  it("answers ranges with 206, bad ranges with 416, and names downloads", async () => {
    await t.service.storage.from("shared").upload("range.txt", "0123456789", { contentType: "text/plain" });
    const base = `${t.url}/storage/v1/object/public/shared/range.txt`;
    const partial = await fetch(base, { headers: { range: "bytes=2-5" } });
    expect(partial.status).toBe(206);
    expect(partial.headers.get("content-range")).toBe("bytes 2-5/10");
    expect(await partial.text()).toBe("2345");
    expect(await (await fetch(base, { headers: { range: "bytes=-3" } })).text()).toBe("789");
    const bad = await fetch(base, { headers: { range: "bytes=20-30" } });
    expect(bad.status).toBe(416);
    expect(await bad.json()).toMatchObject({
      statusCode: "416",
      code: "InvalidRange",
      message: "invalid range provided",
    });

    const named = await fetch(
      t.anon.storage.from("shared").getPublicUrl("range.txt", { download: "digits.txt" }).data.publicUrl,
    );
    expect(named.headers.get("content-disposition")).toBe(
      "attachment; filename=digits.txt; filename*=UTF-8''digits.txt",
    );
    const plain = await fetch(
      t.anon.storage.from("shared").getPublicUrl("range.txt", { download: true }).data.publicUrl,
    );
    expect(plain.headers.get("content-disposition")).toBe("attachment;");
    const full = await fetch(base);
    expect(full.headers.get("etag")).toBe('"781e5e245d69b566979b86e28d23f2c7"');
    expect(full.headers.get("cache-control")).toBe("max-age=3600");
    expect((await fetch(base, { headers: { "if-none-match": full.headers.get("etag") ?? "" } })).status).toBe(304);
  });

  it("serves stored text/html as text/plain", async () => {
    await t.service.storage.from("shared").upload("page.html", "<script>", { contentType: "text/html" });
    const response = await fetch(`${t.url}/storage/v1/object/public/shared/page.html`);
    expect(response.headers.get("content-type")).toBe("text/plain");
  });

  it("streams a download as a stream and keeps the key's encoding", async () => {
    const key = "dir with space/a+b (1).txt";
    expect(
      (await t.service.storage.from("private").upload(key, "spaced", { contentType: "text/plain" })).error,
    ).toBeNull();
    expect(await text((await t.service.storage.from("private").download(key)).data)).toBe("spaced");
    const listed = await t.service.storage.from("private").list("dir with space");
    expect(listed.data?.map((f) => f.name)).toEqual(["a+b (1).txt"]);
  });
});

describe("listing, moving, copying, removing", () => {
  it("lists one level with folders, search and sorting", async () => {
    const files = t.service.storage.from("private");
    for (const key of ["tree/b.txt", "tree/A.txt", "tree/sub/c.txt", "tree/sub/d.txt", "tree/Sub2/e.txt"]) {
      await files.upload(key, key, { contentType: "text/plain" });
    }
    const { data } = await files.list("tree");
    expect(data?.map((f) => [f.name, f.id === null])).toEqual([
      ["A.txt", false],
      ["b.txt", false],
      ["sub", true],
      ["Sub2", true],
    ]);
    expect((await files.list("tree", { search: "s" })).data?.map((f) => f.name)).toEqual(["sub", "Sub2"]);
    expect((await files.list("tree", { limit: 1, offset: 1 })).data?.map((f) => f.name)).toEqual(["b.txt"]);
    const byTime = await files.list("tree", { sortBy: { column: "created_at", order: "desc" } });
    expect(byTime.data?.map((f) => f.name)).toEqual(["sub", "Sub2", "A.txt", "b.txt"]);
    expect(data?.[0]?.metadata).toMatchObject({ mimetype: "text/plain", size: 10 });
  });

  it("lists with listV2: flat, with delimiter, and paginated by cursor", async () => {
    const files = t.service.storage.from("private");
    const flat = await files.listV2({ prefix: "tree/" });
    expect(flat.data?.objects.map((o) => o.name)).toEqual([
      "tree/A.txt",
      "tree/Sub2/e.txt",
      "tree/b.txt",
      "tree/sub/c.txt",
      "tree/sub/d.txt",
    ]);
    const level = await files.listV2({ prefix: "tree/", with_delimiter: true });
    expect(level.data?.folders.map((f) => [f.key, f.name])).toEqual([
      ["Sub2", "tree/Sub2/"],
      ["sub", "tree/sub/"],
    ]);
    expect(level.data?.objects.map((o) => o.key)).toEqual(["A.txt", "b.txt"]);
    const first = await files.listV2({ prefix: "tree/", limit: 2 });
    expect(first.data?.hasNext).toBe(true);
    const second = await files.listV2({ prefix: "tree/", limit: 10, cursor: first.data?.nextCursor });
    expect(second.data?.objects.map((o) => o.name)).toEqual(["tree/b.txt", "tree/sub/c.txt", "tree/sub/d.txt"]);
    expect(second.data?.hasNext).toBe(false);

    const seen: string[] = [];
    let cursor: string | undefined;
    do {
      const page = await files.listV2({
        prefix: "tree/",
        limit: 2,
        sortBy: { column: "created_at", order: "desc" },
        ...(cursor ? { cursor } : {}),
      });
      seen.push(...(page.data?.objects.map((o) => o.name) ?? []));
      cursor = page.data?.hasNext ? page.data.nextCursor : undefined;
    } while (cursor);
    expect(seen).toEqual(["tree/Sub2/e.txt", "tree/sub/d.txt", "tree/sub/c.txt", "tree/A.txt", "tree/b.txt"]);
    const byTime = await files.listV2({
      prefix: "tree/",
      with_delimiter: true,
      sortBy: { column: "created_at", order: "desc" },
    });
    // A folder sorts by the earliest object it holds: sub (c.txt) and Sub2 (e.txt) came after A.txt/b.txt.
    expect([
      ...(byTime.data?.folders.map((f) => f.name) ?? []),
      ...(byTime.data?.objects.map((o) => o.name) ?? []),
    ]).toEqual(["tree/Sub2/", "tree/sub/", "tree/A.txt", "tree/b.txt"]);
  });

  it("moves (same id) within and across buckets, never onto an existing key", async () => {
    const files = t.service.storage.from("private");
    const { data } = await files.upload("mv/a.txt", "moving", { contentType: "text/plain" });
    expect((await files.move("mv/a.txt", "mv/b.txt")).data).toEqual({ message: "Successfully moved" });
    expect((await files.info("mv/b.txt")).data?.id).toBe(data?.id);
    expect((await files.download("mv/a.txt")).error).toMatchObject({ statusCode: "404" });
    await files.upload("mv/c.txt", "other", { contentType: "text/plain" });
    expect((await files.move("mv/b.txt", "mv/c.txt")).error).toMatchObject({ statusCode: "409" });
    expect((await files.move("mv/b.txt", "moved/b.txt", { destinationBucket: "shared" })).error).toBeNull();
    expect(await text((await t.service.storage.from("shared").download("moved/b.txt")).data)).toBe("moving");
  });

  it("copies within and across buckets (new id), refusing an existing destination", async () => {
    const files = t.service.storage.from("private");
    const { data: source } = await files.upload("cp/a.txt", "copied", {
      contentType: "text/plain",
      metadata: { k: "v" },
    });
    const copied = await files.copy("cp/a.txt", "cp/b.txt");
    expect(copied.data).toEqual({ path: "private/cp/b.txt" });
    const info = await files.info("cp/b.txt");
    expect(info.data?.id).not.toBe(source?.id);
    expect(info.data?.metadata).toEqual({ k: "v" });
    expect(await text((await files.download("cp/b.txt")).data)).toBe("copied");
    expect((await files.copy("cp/a.txt", "cp/b.txt")).error).toMatchObject({ statusCode: "409" });
    expect((await files.copy("cp/a.txt", "cp/a.txt", { destinationBucket: "shared" })).error).toBeNull();
    await files.remove(["cp/a.txt"]);
    expect(await text((await files.download("cp/b.txt")).data)).toBe("copied");
  });

  it("removes a list of keys, skipping missing ones, and deletes one object by path", async () => {
    const files = t.service.storage.from("private");
    await files.upload("rm/a.txt", "a", { contentType: "text/plain" });
    await files.upload("rm/b.txt", "b", { contentType: "text/plain" });
    const { data } = await files.remove(["rm/a.txt", "rm/b.txt", "rm/none.txt"]);
    expect(data?.map((r) => r.name).sort()).toEqual(["rm/a.txt", "rm/b.txt"]);
    await files.upload("rm/c.txt", "c", { contentType: "text/plain" });
    const single = await storageFetch(t, "/object/private/rm/c.txt", {
      method: "DELETE",
      headers: { apikey: t.stack.keys.secretKey, authorization: `Bearer ${t.stack.keys.serviceRoleKey}` },
    });
    expect(await single.json()).toEqual({ message: "Successfully deleted" });
    expect((await files.exists("rm/c.txt")).data).toBe(false);
  });

  it("blocks direct SQL deletes from storage tables", async () => {
    await expect(t.stack.db.admin.query("delete from storage.objects")).rejects.toThrow(
      /Direct deletion from storage tables is not allowed/,
    );
  });
});

describe("listing functions in SQL", () => {
  it("lists one level with storage.search_v2 and storage.list_objects_with_delimiter, as the caller", async () => {
    const files = t.service.storage.from("private");
    for (const key of ["sql/a.txt", "sql/d/b.txt", "sql/d/c.txt"])
      await files.upload(key, "x", { contentType: "text/plain" });
    const v2 = await t.stack.db.admin.query(
      "select key, name, id is null as folder from storage.search_v2('sql/', 'private')",
    );
    expect(v2.rows).toEqual([
      { key: "a.txt", name: "sql/a.txt", folder: false },
      { key: "d", name: "sql/d/", folder: true },
    ]);
    const delimited = await t.stack.db.admin.query(
      "select name from storage.list_objects_with_delimiter('private', 'sql/', '/', 10, 'sql/a.txt')",
    );
    expect(delimited.rows).toEqual([{ name: "sql/d/" }]);
    const asAnon = await t.stack.db.asCaller({ role: "anon", claims: {} }, (q) =>
      q.query("select * from storage.search_v2('sql/', 'private')"),
    );
    expect(asAnon.rows).toEqual([]);
  });
});

describe("HEAD", () => {
  it("answers HEAD with the download's headers and no body, without reading the file", async () => {
    await t.service.storage.from("shared").upload("head.txt", "twelve bytes", { contentType: "text/plain" });
    const response = await fetch(`${t.url}/storage/v1/object/public/shared/head.txt`, { method: "HEAD" });
    expect(response.status).toBe(200);
    expect(response.headers.get("content-length")).toBe("12");
    expect(response.headers.get("content-type")).toBe("text/plain");
    expect(response.headers.get("etag")).toMatch(/^"[0-9a-f]{32}"$/);
    expect(await response.text()).toBe("");
  });
});
