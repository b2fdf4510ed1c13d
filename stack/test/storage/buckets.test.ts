import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startStorageStack, storageFetch, type StorageTestStack } from "./storage-stack.ts";

let t: StorageTestStack;
beforeAll(async () => {
  t = await startStorageStack();
});
afterAll(async () => {
  await t?.close();
});

describe("buckets through supabase-js", () => {
  it("lists the buckets from migrations and config.toml to the service role", async () => {
    const { data, error } = await t.service.storage.listBuckets();
    expect(error).toBeNull();
    const ids = (data ?? []).map((b) => b.id).sort();
    expect(ids).toEqual(["avatars", "config-private", "limited", "private", "shared"]);
    const avatars = data?.find((b) => b.id === "avatars");
    expect(avatars).toMatchObject({
      name: "avatars",
      public: true,
      allowed_mime_types: ["image/*"],
      file_size_limit: 5 * 1024 * 1024,
      type: "STANDARD",
    });
    expect(avatars?.created_at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
  });

  it("shows anon no buckets without a SELECT policy, and authenticated users all of them", async () => {
    expect((await t.anon.storage.listBuckets()).data).toEqual([]);
    const user = await t.user();
    expect((await user.client.storage.listBuckets()).data).toHaveLength(5);
  });

  it("lists with limit, offset, sort and search", async () => {
    const { data } = await t.service.storage.listBuckets({
      sortColumn: "name",
      sortOrder: "desc",
      limit: 2,
      offset: 1,
    });
    expect(data?.map((b) => b.id)).toEqual(["private", "limited"]);
    const searched = await t.service.storage.listBuckets({ search: "PRIV" });
    expect(searched.data?.map((b) => b.id).sort()).toEqual(["config-private", "private"]);
  });

  it("gets one bucket, and says Bucket not found for a missing one", async () => {
    const { data } = await t.service.storage.getBucket("limited");
    expect(data).toMatchObject({
      id: "limited",
      file_size_limit: 1024,
      allowed_mime_types: ["text/plain", "image/png"],
      public: false,
    });
    const missing = await t.service.storage.getBucket("nope");
    expect(missing.error).toMatchObject({ status: 400, statusCode: "404", message: "Bucket not found" });
  });

  it("creates, updates, empties and deletes a bucket", async () => {
    const created = await t.service.storage.createBucket("made", {
      public: false,
      fileSizeLimit: "1.5MB",
      allowedMimeTypes: ["text/*", ""],
    });
    expect(created).toEqual({ data: { name: "made" }, error: null });
    expect((await t.service.storage.getBucket("made")).data).toMatchObject({
      file_size_limit: 1_500_000,
      allowed_mime_types: ["text/*"],
    });
    const again = await t.service.storage.createBucket("made");
    expect(again.error).toMatchObject({ statusCode: "409", message: "The resource already exists" });

    const updated = await t.service.storage.updateBucket("made", { public: true, fileSizeLimit: null });
    expect(updated).toEqual({ data: { message: "Successfully updated" }, error: null });
    expect((await t.service.storage.getBucket("made")).data).toMatchObject({ public: true, file_size_limit: null });

    await t.stack.db.admin.query("insert into storage.objects (bucket_id, name) values ('made', 'a.txt')");
    const notEmpty = await t.service.storage.deleteBucket("made");
    expect(notEmpty.error).toMatchObject({ statusCode: "409", message: "The bucket you tried to delete is not empty" });
    expect((await t.service.storage.emptyBucket("made")).data).toEqual({
      message: "Empty bucket has been queued. Completion may take up to an hour.",
    });
    expect((await t.service.storage.deleteBucket("made")).data).toEqual({ message: "Successfully deleted" });
    expect((await t.service.storage.getBucket("made")).error).toMatchObject({ statusCode: "404" });
  });

  it("refuses bad names, sizes above the global limit, and creation without an INSERT policy", async () => {
    expect((await t.service.storage.createBucket("a/b")).error).toMatchObject({
      statusCode: "400",
      message: "Bucket name invalid",
    });
    expect((await t.service.storage.createBucket("big", { public: false, fileSizeLimit: "1GB" })).error).toMatchObject({
      statusCode: "413",
    });
    expect(
      (await t.service.storage.createBucket("bad-size", { public: false, fileSizeLimit: "12 parsecs" })).error,
    ).toMatchObject({
      message: "Invalid file size format, hint: use 20GB / 20MB / 30KB / 3B",
    });
    const user = await t.user();
    expect((await user.client.storage.createBucket("mine")).error).toMatchObject({
      statusCode: "403",
      message: "new row violates row-level security policy",
    });
  });

  it("lets only the service role empty a bucket (HTTP 403 otherwise)", async () => {
    const user = await t.user();
    const { error } = await user.client.storage.emptyBucket("private");
    expect(error).toMatchObject({ status: 403, statusCode: "403", message: "Access denied: Invalid role" });
  });

  it("answers a bad bearer and an unknown route in storage's shape", async () => {
    const bad = await storageFetch(t, "/bucket", { token: "not.a.jwt" });
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({ statusCode: "403", code: "AccessDenied", error: "Unauthorized" });
    const unknown = await storageFetch(t, "/nowhere");
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toEqual({
      statusCode: "404",
      error: "Not Found",
      message: "Route GET:/nowhere not found",
      code: "InvalidRequest",
    });
  });
});

describe("config.toml buckets", () => {
  it("uploads the files under objects_path into the bucket", async () => {
    const { data } = await t.anon.storage.from("avatars").download("defaults/readme.txt");
    expect(await data?.text()).toBe("hello");
    expect(data?.type).toBe("text/plain");
  });
});
