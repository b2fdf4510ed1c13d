#!/usr/bin/env node
// `npm run types:check`: are web/src/lib/database.types.ts still the types of supabase/? Starts a
// throwaway stack on a copy of supabase/ (free ports, temporary data folder), runs
// `parley-stack gen types typescript --local` and compares; `npm run types:generate` writes them.
import { spawn } from "node:child_process";
import { chmod, cp, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = fileURLToPath(new URL("..", import.meta.url));
const target = path.join(root, "web", "src", "lib", "database.types.ts");
const write = process.argv.includes("--write");

function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer().once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

function parleyStack(args, env) {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [path.join(root, "stack", "bin", "parley-stack.js"), ...args], {
      env,
      stdio: ["ignore", "pipe", "pipe"],
    });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (chunk) => (stdout += chunk.toString()));
    child.stderr.on("data", (chunk) => (stderr += chunk.toString()));
    child.once("error", reject);
    child.once("close", (code) =>
      code === 0 ? resolve(stdout) : reject(new Error(`parley-stack ${args[0]} failed (${code}):\n${stderr}`)),
    );
  });
}

async function generate() {
  const folder = await mkdtemp(path.join(tmpdir(), "parley-types-"));
  // As root the stack runs PostgreSQL as the `postgres` user, which must pass through this folder to
  // the data folder inside; the stack never changes folders above its data folder, so we do.
  if (process.getuid?.() === 0) await chmod(folder, 0o711);
  const workdir = path.join(folder, "project");
  await cp(path.join(root, "supabase"), path.join(workdir, "supabase"), {
    recursive: true,
    filter: (source) => !source.includes(`${path.sep}.temp`),
  });
  const env = {
    ...process.env,
    PARLEY_STACK_API_PORT: String(await freePort()),
    PARLEY_STACK_DB_PORT: String(await freePort()),
    PARLEY_STACK_INBUCKET_PORT: String(await freePort()),
    PARLEY_STACK_DATA_DIR: path.join(folder, "data"),
    PARLEY_STACK_LOG_LEVEL: "warn",
  };
  try {
    await parleyStack(["start", "--detach", "-o", "json", "--workdir", workdir], env);
    try {
      return await parleyStack(["gen", "types", "typescript", "--local", "--workdir", workdir], env);
    } finally {
      await parleyStack(["stop", "--workdir", workdir], env);
    }
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
}

const started = Date.now();
const types = await generate();
const seconds = ((Date.now() - started) / 1000).toFixed(1);
if (write) {
  await writeFile(target, types);
  process.stdout.write(`Wrote ${path.relative(root, target)} (${seconds}s).\n`);
} else {
  const current = await readFile(target, "utf8").catch(() => "");
  if (current !== types) {
    process.stderr.write(
      `${path.relative(root, target)} is stale: supabase/ changed. Run \`npm run types:generate\` and commit it.\n`,
    );
    process.exit(1);
  }
  process.stdout.write(`${path.relative(root, target)} is up to date (${seconds}s).\n`);
}
