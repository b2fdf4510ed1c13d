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

/**
 * Memory of the stack's process (and any Deno workers it runs) and every PostgreSQL process of its
 * cluster: RSS summed (pages shared between processes — PostgreSQL's binary and shared buffers —
 * count once per process) and PSS summed (each shared page split between its sharers, so the sum is
 * what the processes hold together; Linux only, 0 elsewhere).
 */
export async function stackMemory(stack, setup) {
  const pids = [stack.child.pid, ...(await childrenOf(stack.child.pid))];
  const postmaster = Number(
    (await readFile(path.join(setup.dataDir, "postgres", "postmaster.pid"), "utf8")).split("\n")[0],
  );
  if (!pids.includes(postmaster)) pids.push(postmaster);
  pids.push(...(await childrenOf(postmaster)));
  let bytes = 0;
  let pssBytes = 0;
  for (const pid of pids) {
    bytes += await rss(pid);
    pssBytes += await pss(pid);
  }
  return { bytes, pssBytes, processes: pids.length };
}

/** CPU time (user + system, ms) a process has used so far: unlike wall time, barely moved by a loaded machine. */
export async function processCpuMs(pid) {
  try {
    const fields = (await readFile(`/proc/${pid}/stat`, "utf8")).split(") ")[1].split(" ");
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100; // clock ticks, USER_HZ = 100
  } catch {
    return 0;
  }
}

async function pss(pid) {
  try {
    const rollup = await readFile(`/proc/${pid}/smaps_rollup`, "utf8");
    return Number(/^Pss:\s+(\d+)/m.exec(rollup)?.[1] ?? 0) * 1024;
  } catch {
    return 0;
  }
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
