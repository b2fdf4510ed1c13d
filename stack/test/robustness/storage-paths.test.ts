// Fuzzing storage object paths (issue #11 item 3): traversal attempts, encoded slashes and dots,
// backslashes, NUL, unicode, very long and leading-slash names through upload, download, move,
// copy, sign and remove never cause a 5xx, and no file ever appears outside the storage folder.
import { readdir } from "node:fs/promises";
import path from "node:path";
import { randomUUID } from "node:crypto";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestStack, type TestStack } from "../support/test-stack.ts";
import { expectStackAlive, fuzzOptions, fuzzTimeout, stackFetch } from "./support.ts";

let t: TestStack;
let before: Set<string>;
/** Every name a key is built from carries this token, so an escaped file would be found by name. */
const MARKER = `escape${randomUUID().slice(0, 8)}`;

async function walk(folder: string): Promise<string[]> {
  const entries = await readdir(folder, { withFileTypes: true, recursive: true }).catch(() => []);
  return entries.filter((e) => !e.isDirectory()).map((e) => path.join(e.parentPath, e.name));
}

const root = () => path.dirname(t.project.dataDir);
const storageRoot = () => path.join(t.project.dataDir, "storage");
const clusterRoot = () => path.join(t.project.dataDir, "postgres");

beforeAll(async () => {
  t = await startTestStack("robustness");
  before = new Set(await walk(root()));
});
afterAll(() => t?.close());

/** Raw path pieces as a client might put them in a URL (already encoded where they say so). */
const URL_PIECES = [
  "..",
  "%2e%2e",
  "%2E%2E",
  ".%2e",
  "%252e%252e",
  ".",
  "%2f",
  "%2F",
  "%5c",
  "\\",
  "%00",
  "%0a",
  "%ff",
  "%c0%af",
  "é",
  "%C3%A9",
  "日本",
  "🙂",
  "%F0%9F%99%82",
  " ",
  "%20",
  "/",
  "//",
  "~",
  "a",
  "b.txt",
  "$HOME",
  "%25",
  "?",
  "#",
];

const urlKey = fc
  .tuple(
    fc.array(fc.constantFrom(...URL_PIECES), { minLength: 1, maxLength: 6 }),
    fc.constantFrom("", "/", "//", "../", "%2f"),
    fc.option(fc.integer({ min: 200, max: 1200 })),
  )
  .map(([pieces, lead, long]) =>
    `${lead}${pieces.join("")}/${MARKER}${long ? "x".repeat(long) : ""}.txt`
      .replaceAll("?", "%3F")
      .replaceAll("#", "%23"),
  );

/** JSON-body keys (move, copy, remove, sign many) are not URL-decoded: raw traversal strings. */
const bodyKey = fc
  .tuple(
    fc.array(fc.constantFrom("..", "../", "./", "/", "\\..\\", "\u0000", "é", "日本", "%2e%2e%2f", "a", "//"), {
      minLength: 1,
      maxLength: 5,
    }),
    fc.option(fc.integer({ min: 200, max: 1200 })),
  )
  .map(([pieces, long]) => `${pieces.join("")}${MARKER}${long ? "y".repeat(long) : ""}`);

async function expectNo5xx(response: Response, label: string) {
  const text = await response.text();
  expect(response.status, `${label} → ${response.status} ${text.slice(0, 300)}`).toBeLessThan(500);
  return { status: response.status, text };
}

const json = (body: unknown): RequestInit => ({
  method: "POST",
  headers: { "content-type": "application/json" },
  body: JSON.stringify(body),
});

describe("storage path fuzzing", () => {
  it(
    "upload, download, sign, move, copy and remove with hostile URL keys never answer 5xx",
    async () => {
      await fc.assert(
        fc.asyncProperty(urlKey, urlKey, async (key, other) => {
          const content = `content of ${key}`;
          const upload = await expectNo5xx(
            await stackFetch(t, `/storage/v1/object/files/${key}`, {
              method: "POST",
              service: true,
              headers: { "content-type": "text/plain" },
              body: content,
            }),
            `upload ${key}`,
          );
          const download = await expectNo5xx(
            await stackFetch(t, `/storage/v1/object/files/${key}`, { service: true }),
            `download ${key}`,
          );
          // What was stored under a URL is what that URL reads back.
          if (upload.status === 200) expect(download).toEqual({ status: 200, text: content });
          await expectNo5xx(
            await stackFetch(t, `/storage/v1/object/sign/files/${key}`, { ...json({ expiresIn: 60 }), service: true }),
            `sign ${key}`,
          );
          await expectNo5xx(
            await stackFetch(t, `/storage/v1/object/info/files/${key}`, { service: true }),
            `info ${key}`,
          );
          await expectNo5xx(
            await stackFetch(t, `/storage/v1/object/files/${key}`, {
              method: "PUT",
              service: true,
              headers: { "content-type": "text/plain" },
              body: "updated",
            }),
            `update ${key}`,
          );
          await expectNo5xx(
            await stackFetch(t, `/storage/v1/object/files/${other}`, { method: "DELETE", service: true }),
            `delete ${other}`,
          );
        }),
        fuzzOptions(60),
      );
      await expectStackAlive(t);
    },
    fuzzTimeout(),
  );

  it(
    "move, copy, remove and sign with hostile keys in JSON bodies never answer 5xx",
    async () => {
      await fc.assert(
        fc.asyncProperty(
          bodyKey,
          bodyKey,
          fc.constantFrom("files", "../files", "files/..", "missing"),
          async (source, destination, bucket) => {
            const seed = `seed/${randomUUID()}.txt`;
            await stackFetch(t, `/storage/v1/object/files/${seed}`, {
              method: "POST",
              service: true,
              headers: { "content-type": "text/plain" },
              body: "seed",
            });
            for (const [from, to] of [
              [seed, destination],
              [source, destination],
            ] as const) {
              await expectNo5xx(
                await stackFetch(t, "/storage/v1/object/copy", {
                  ...json({ bucketId: bucket, sourceKey: from, destinationKey: to }),
                  service: true,
                }),
                `copy ${from} → ${to}`,
              );
              await expectNo5xx(
                await stackFetch(t, "/storage/v1/object/move", {
                  ...json({ bucketId: bucket, sourceKey: from, destinationKey: `${to}-moved` }),
                  service: true,
                }),
                `move ${from} → ${to}`,
              );
            }
            await expectNo5xx(
              await stackFetch(t, `/storage/v1/object/sign/${bucket}`, {
                ...json({ expiresIn: 60, paths: [source, destination] }),
                service: true,
              }),
              `sign many ${source}`,
            );
            await expectNo5xx(
              await stackFetch(t, `/storage/v1/object/list/${bucket}`, {
                ...json({ prefix: source, limit: 5 }),
                service: true,
              }),
              `list ${source}`,
            );
            await expectNo5xx(
              await stackFetch(t, `/storage/v1/object/${bucket}`, {
                method: "DELETE",
                service: true,
                headers: { "content-type": "application/json" },
                body: JSON.stringify({ prefixes: [source, `${destination}-moved`] }),
              }),
              `remove ${source}`,
            );
          },
        ),
        fuzzOptions(40),
      );
      await expectStackAlive(t);
    },
    fuzzTimeout(),
  );

  it("wrote nothing outside the storage folder, and inside it only files named by version", async () => {
    const after = await walk(root());
    const created = after.filter((file) => !before.has(file));
    const outside = created.filter(
      (file) => !file.startsWith(`${storageRoot()}${path.sep}`) && !file.startsWith(`${clusterRoot()}${path.sep}`),
    );
    expect(outside).toEqual([]);
    expect(after.filter((file) => file.includes(MARKER))).toEqual([]);
    // A traversal past the temporary root would land in its parents: none holds a marked name.
    for (const folder of [path.dirname(root()), path.dirname(path.dirname(root()))]) {
      expect(
        (await readdir(folder).catch(() => [])).filter((name) => name.includes(MARKER)),
        folder,
      ).toEqual([]);
    }
    const objects = created.filter((file) => file.startsWith(`${storageRoot()}${path.sep}`));
    expect(objects.length).toBeGreaterThan(0);
    for (const file of objects)
      expect(path.relative(storageRoot(), file)).toMatch(/^(objects\/[0-9a-f]{2}\/[0-9a-f-]{36}|tmp\/.+)$/);
  });
});
