import { randomBytes } from "node:crypto";
import { lstatSync, watch } from "node:fs";
import { lstat, mkdir, readFile, readdir, symlink, writeFile } from "node:fs/promises";
import path from "node:path";
import { gzipSync } from "node:zlib";
import * as tar from "tar";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runCli } from "../support/cli.ts";
import type { TempProject } from "../support/project.ts";
import { cli, parleyProject, startDetached, type DetachedStack } from "./support.ts";

// A backup holds the signing keys, password hashes and the mailbox: nobody but its owner may read
// it, not even while it is being written, and a link planted where it is written must not redirect
// the write. A restore that fails must leave nothing of the archive behind in the data folder.
const projects: TempProject[] = [];
let stack: DetachedStack;

beforeAll(async () => {
  const target = await parleyProject();
  projects.push(target.project);
  stack = await startDetached(target);
}, 240_000);

afterAll(async () => {
  if (stack) await runCli(["stop", ...stack.args], stack.env);
  for (const project of projects.splice(0)) await project.remove();
}, 120_000);

/** Runs `fn` while recording the mode of every entry that appears in `folder` (links excluded). */
async function modesSeenDuring(folder: string, fn: () => Promise<unknown>): Promise<Map<string, number>> {
  const seen = new Map<string, number>();
  const watcher = watch(folder, (_event, name) => {
    if (!name) return;
    try {
      const stats = lstatSync(path.join(folder, name));
      if (!stats.isSymbolicLink()) seen.set(name, (seen.get(name) ?? 0) | (stats.mode & 0o777));
    } catch {
      // gone again (renamed into place): its last mode is what was recorded
    }
  });
  try {
    await fn();
  } finally {
    watcher.close();
  }
  return seen;
}

describe("parley-stack backup -f F", () => {
  it("is readable by its owner only, also while it is written", { timeout: 180_000 }, async () => {
    const folder = path.join(path.dirname(stack.project.workdir), "mode-check");
    await mkdir(folder);
    const archive = path.join(folder, "backup.tar.gz");
    const seen = await modesSeenDuring(folder, () => cli(stack, "backup", "-f", archive));
    expect(seen.size).toBeGreaterThan(0);
    for (const [name, mode] of seen) expect({ name, groupOrOther: mode & 0o077 }).toEqual({ name, groupOrOther: 0 });
    expect((await lstat(archive)).mode & 0o777).toBe(0o600);
  });

  it("does not follow a link planted at F.partial, and leaves its target untouched", { timeout: 180_000 }, async () => {
    const folder = path.join(path.dirname(stack.project.workdir), "link-check");
    await mkdir(folder);
    const victim = path.join(folder, "victim.txt");
    await writeFile(victim, "someone else's file\n", { mode: 0o644 });
    const archive = path.join(folder, "backup.tar.gz");
    await symlink(victim, `${archive}.partial`);
    await cli(stack, "backup", "-f", archive);
    expect(await readFile(victim, "utf8")).toBe("someone else's file\n");
    expect((await lstat(victim)).mode & 0o777).toBe(0o644);
    expect((await lstat(`${archive}.partial`)).isSymbolicLink()).toBe(true);
    expect((await lstat(archive)).isFile()).toBe(true);
    const entries: string[] = [];
    await tar.list({ file: archive, onReadEntry: (entry) => entries.push(entry.path) });
    expect(entries).toContain("parley-backup.json");
  });
});

/** A backup-shaped archive whose tar header in the middle is damaged (a bad checksum). */
async function archiveDamagedMidway(folder: string): Promise<string> {
  const source = path.join(folder, "source");
  await mkdir(path.join(source, "data", "storage"), { recursive: true });
  await writeFile(
    path.join(source, "parley-backup.json"),
    JSON.stringify({
      format: "parley-stack-backup",
      version: 1,
      createdAt: new Date().toISOString(),
      postgresVersion: "17",
      migrations: [],
      storageFiles: 0,
    }),
  );
  await writeFile(path.join(source, "database.sql"), "select 1;\n");
  for (let i = 0; i < 200; i++) await writeFile(path.join(source, "data", "storage", `f${i}`), randomBytes(20_000));
  const tarFile = path.join(folder, "damaged.tar");
  await tar.create({ file: tarFile, cwd: source, portable: true }, ["parley-backup.json", "database.sql", "data"]);
  const bytes = await readFile(tarFile);
  const header = bytes.indexOf("data/storage/f150\0");
  expect(header).toBeGreaterThan(0);
  bytes.write("0000000\0", header + 148, "latin1");
  const file = path.join(folder, "damaged.tar.gz");
  await writeFile(file, gzipSync(bytes));
  return file;
}

describe("parley-stack restore of an archive damaged part-way", () => {
  it("fails naming the archive and leaves no .restore-* staging in the data folder", async () => {
    const target = await parleyProject();
    projects.push(target.project);
    const file = await archiveDamagedMidway(path.dirname(target.project.workdir));
    const run = await runCli(["restore", "-f", file, ...target.args], target.env);
    expect(run.code).toBe(1);
    expect(run.stderr).toContain("is not a Parley Stack backup");
    expect(await readdir(target.project.dataDir)).toEqual([".gitignore"]);
  });
});
