// The stack changes nothing outside its data folder. As root it runs PostgreSQL as the `postgres`
// system user, which must pass through every folder above the data folder: a private (0700) one
// it cannot pass is an error naming that folder and the permission it lacks, never a chmod.
import { chmod, mkdir, mkdtemp, rm, stat } from "node:fs/promises";
import { tmpdir, userInfo } from "node:os";
import path from "node:path";
import pino from "pino";
import { afterEach, describe, expect, it } from "vitest";
import { startStack } from "../../src/index.ts";
import { tempProject, type TempProject } from "../support/project.ts";

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0)) await cleanup();
});

/** Every folder above `dir`, up to the file system's root, with its mode. */
async function ancestorModes(dir: string): Promise<Record<string, string>> {
  const modes: Record<string, string> = {};
  for (let current = path.dirname(dir); ; current = path.dirname(current)) {
    modes[current] = ((await stat(current)).mode & 0o7777).toString(8);
    if (path.dirname(current) === current) return modes;
  }
}

describe("the data folder's ancestors", () => {
  it("are left as they were when one of them is private (0700)", { timeout: 180_000 }, async () => {
    const project: TempProject = await tempProject("basic");
    cleanups.push(() => project.remove());
    const privateFolder = await mkdtemp(path.join(tmpdir(), "parley-private-"));
    cleanups.push(() => rm(privateFolder, { recursive: true, force: true }));
    await chmod(privateFolder, 0o700);
    await mkdir(path.join(privateFolder, "inner"), { mode: 0o755 });
    const dataDir = path.join(privateFolder, "inner", "data");
    const before = await ancestorModes(dataDir);

    const starting = startStack({
      workdir: project.workdir,
      dataDir,
      ports: { api: 0, db: 0, inbucket: 0 },
      logger: pino({ level: "silent" }),
    });
    if (userInfo().uid === 0) {
      // PostgreSQL's own user cannot pass the private folder: said, not changed.
      await expect(starting).rejects.toThrow(`${privateFolder} (mode 0700) lacks search (x) permission for others`);
    } else {
      // PostgreSQL runs as this user, who owns the private folder: it just works.
      const stack = await starting;
      await stack.stop();
    }
    expect(await ancestorModes(dataDir)).toEqual(before);
  });
});
