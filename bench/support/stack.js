// Starts Parley Stack through its CLI, as a user would, on free ports with its own data folder.
import { spawn } from "node:child_process";
import { mkdtemp, readFile, rm } from "node:fs/promises";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = fileURLToPath(new URL("../..", import.meta.url));
const bin = path.join(root, "stack/bin/parley-stack.js");

export function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

/** A data folder plus ports that several starts of the same stack share. */
export async function benchStackSetup(workdir = root) {
  const dataDir = await mkdtemp(path.join(tmpdir(), "parley-bench-"));
  const env = {
    ...process.env,
    PARLEY_STACK_API_PORT: String(await freePort()),
    PARLEY_STACK_DB_PORT: String(await freePort()),
    PARLEY_STACK_INBUCKET_PORT: String(await freePort()),
    PARLEY_STACK_DATA_DIR: dataDir,
    PARLEY_STACK_LOG_LEVEL: "warn",
  };
  return { workdir, dataDir, env, remove: () => rm(dataDir, { recursive: true, force: true }) };
}

/** Starts the stack in the foreground; resolves once it printed its status (ready to serve). */
export function startBenchStack(setup) {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [bin, "start", "-o", "json", "--workdir", setup.workdir], {
      env: setup.env,
      stdio: ["ignore", "pipe", "pipe"],
    });
    let stdout = "";
    let stderr = "";
    child.stderr.on("data", (chunk) => (stderr += chunk));
    const exited = new Promise((done) => child.once("exit", done));
    child.stdout.on("data", (chunk) => {
      stdout += chunk;
      let status;
      try {
        status = JSON.parse(stdout);
      } catch {
        return;
      }
      resolve({
        status,
        child,
        readyMs: performance.now() - started,
        stop: async () => {
          child.kill("SIGTERM");
          await exited;
        },
      });
    });
    exited.then((code) => reject(new Error(`stack exited with ${code}:\n${stderr}`)));
  });
}

/** Resident memory (bytes) of the stack's process and every PostgreSQL process of its cluster. */
export async function stackMemory(stack, setup) {
  const pids = [stack.child.pid];
  const postmaster = Number(
    (await readFile(path.join(setup.dataDir, "postgres", "postmaster.pid"), "utf8")).split("\n")[0],
  );
  pids.push(postmaster, ...(await childrenOf(postmaster)));
  let total = 0;
  for (const pid of pids) total += await rss(pid);
  return { bytes: total, processes: pids.length };
}

async function childrenOf(pid) {
  try {
    const text = await readFile(`/proc/${pid}/task/${pid}/children`, "utf8");
    return text.trim().split(/\s+/).filter(Boolean).map(Number);
  } catch {
    return [];
  }
}

async function rss(pid) {
  try {
    const status = await readFile(`/proc/${pid}/status`, "utf8");
    const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
    return kb * 1024;
  } catch {
    return 0;
  }
}
