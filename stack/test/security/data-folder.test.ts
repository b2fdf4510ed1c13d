// The data folder holds the stack's secrets (keys, live magic-link tokens in the mailbox, stored
// files, its log): another local user must not read any of it. Driven through the real CLI, since
// the CLI decides where the detached stack's log goes.
import { existsSync } from "node:fs";
import { appendFile, lstat, readdir, readFile } from "node:fs/promises";
import { userInfo } from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { cliEnv, runCli, startCliForeground } from "../support/cli.ts";
import { testClient } from "../support/client.ts";
import { tempProject, type TempProject } from "../support/project.ts";

const projects: TempProject[] = [];
afterEach(async () => {
  for (const project of projects.splice(0)) await project.remove();
});

/**
 * As root the stack runs PostgreSQL as the `postgres` user, which must be able to pass through the
 * data folder to its cluster: the folder then also grants others search (x), never read.
 */
const DATA_DIR_MODE = userInfo().uid === 0 ? 0o701 : 0o700;

/** Every entry under the data folder whose mode lets anyone but the owner read, write or list it. */
async function entriesOpenToOthers(dataDir: string): Promise<string[]> {
  const open: string[] = [];
  const rootMode = (await lstat(dataDir)).mode & 0o777;
  if (rootMode !== DATA_DIR_MODE) open.push(`. ${rootMode.toString(8)}`);
  const walk = async (dir: string): Promise<void> => {
    for (const entry of await readdir(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      const mode = (await lstat(full)).mode & 0o777;
      const expected = entry.isDirectory() ? 0o700 : 0o600;
      if (!entry.isSymbolicLink() && (mode & ~expected) !== 0)
        open.push(`${path.relative(dataDir, full)} ${mode.toString(8)}`);
      if (entry.isDirectory()) await walk(full);
    }
  };
  await walk(dataDir);
  return open;
}

/** Leaves a stored object, a started TUS upload and a magic-link mail in the data folder. */
async function writeEverything(status: Record<string, string>, dataDir: string): Promise<void> {
  const url = status.API_URL ?? "";
  const admin = testClient(url, status.SECRET_KEY ?? "");
  const uploaded = await admin.storage
    .from("config-private")
    .upload("secret.txt", "top secret", { contentType: "text/plain" });
  expect(uploaded.error).toBeNull();
  const metadata = [`bucketName ${btoa("config-private")}`, `objectName ${btoa("half.bin")}`].join(",");
  const tus = await fetch(`${url}/storage/v1/upload/resumable`, {
    method: "POST",
    headers: {
      apikey: status.SECRET_KEY ?? "",
      "tus-resumable": "1.0.0",
      "upload-length": "10",
      "upload-metadata": metadata,
    },
  });
  expect(tus.status).toBe(201);
  const anon = testClient(url, status.PUBLISHABLE_KEY ?? "");
  expect((await anon.auth.signInWithOtp({ email: "someone@example.com" })).error).toBeNull();
  await until(async () => existsSync(path.join(dataDir, "mailbox.json")), "the magic-link mail is saved");
}

async function until(check: () => Promise<boolean>, what: string): Promise<void> {
  for (let tries = 0; tries < 100; tries++) {
    if (await check()) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`${what}: did not happen`);
}

describe("the data folder is private to the user running the stack", () => {
  it(
    "start --detach: folder 0700, files 0600, no key in the log, the previous log kept",
    { timeout: 180_000 },
    async () => {
      const project = await tempProject("storage");
      projects.push(project);
      const env = await cliEnv(project.dataDir);
      const args = ["--workdir", project.workdir];
      const logFile = path.join(project.dataDir, "stack.log");

      const started = await runCli(["start", "--detach", "-o", "json", ...args], env);
      expect(started.code).toBe(0);
      const status = JSON.parse(started.stdout) as Record<string, string>;
      try {
        await writeEverything(status, project.dataDir);
        expect(await entriesOpenToOthers(project.dataDir)).toEqual([]);
        const log = await readFile(logFile, "utf8");
        for (const name of ["SECRET_KEY", "SERVICE_ROLE_KEY", "JWT_SECRET", "ANON_KEY"])
          expect(log).not.toContain(status[name]);
      } finally {
        expect((await runCli(["stop", ...args], env)).code).toBe(0);
      }

      await appendFile(logFile, "evidence of the last run\n");
      const again = await runCli(["start", "--detach", "-o", "json", ...args], env);
      try {
        expect(again.code).toBe(0);
        expect(await readFile(`${logFile}.1`, "utf8")).toContain("evidence of the last run");
        expect(await readFile(logFile, "utf8")).not.toContain("evidence of the last run");
        expect(await entriesOpenToOthers(project.dataDir)).toEqual([]);
      } finally {
        await runCli(["stop", ...args], env);
      }
    },
  );

  it("start in the foreground: folder 0700, files 0600", { timeout: 180_000 }, async () => {
    const project = await tempProject("storage");
    projects.push(project);
    const env = await cliEnv(project.dataDir);
    const { child, status, exited } = await startCliForeground(["--workdir", project.workdir], env);
    try {
      await writeEverything(status, project.dataDir);
      expect(await entriesOpenToOthers(project.dataDir)).toEqual([]);
    } finally {
      child.kill("SIGTERM");
      await exited;
    }
  });
});
