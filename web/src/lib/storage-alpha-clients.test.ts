import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { expect, it } from "vitest";
import { withoutAlphaClients } from "../../vite/storage-alpha-clients";

// The installed storage-js, as the build reads it: an upgrade that writes the getters differently
// fails here instead of quietly putting the alpha clients back on every conversation's first screen.
const storageBuild = readFileSync(
  createRequire(import.meta.url)
    .resolve("@supabase/storage-js")
    .replace(/index\.cjs$/, "index.mjs"),
  "utf8",
);

it("makes storage.vectors and storage.analytics throw, so nothing reaches their clients any more", () => {
  const trimmed = withoutAlphaClients(storageBuild);
  expect(storageBuild).toMatch(/\treturn new StorageVectorsClient\(/);
  expect(storageBuild).toMatch(/\treturn new StorageAnalyticsClient\(/);
  expect(trimmed).not.toMatch(/\treturn new StorageVectorsClient\(/);
  expect(trimmed).not.toMatch(/\treturn new StorageAnalyticsClient\(/);
  expect(trimmed).toContain(`throw new Error("supabase.storage.vectors is not part of Parley's build");`);
  expect(trimmed).toContain(`throw new Error("supabase.storage.analytics is not part of Parley's build");`);
});

it("keeps every line where it was, so the source map still points at the right one", () => {
  const trimmed = withoutAlphaClients(storageBuild);
  expect(trimmed.split("\n")).toHaveLength(storageBuild.split("\n").length);
  expect(trimmed.split("\n").indexOf("var StorageClient = class extends StorageBucketApi {")).toBe(
    storageBuild.split("\n").indexOf("var StorageClient = class extends StorageBucketApi {"),
  );
});
