// CPU time (user + system) of the stack's process tree: the Node process and its children
// (PostgreSQL's postmaster and backends, Deno). Per operation, it says what a request costs even
// when a loaded machine makes throughput and latency noisy.
import { readFile } from "node:fs/promises";

const TICKS_PER_SECOND = 100;

/** CPU seconds used so far by `pid` and every descendant, split into the process itself and the rest. */
export async function processTreeCpu(pid) {
  const own = await cpuSeconds(pid);
  let descendants = 0;
  for (const child of await descendantsOf(pid)) descendants += await cpuSeconds(child);
  return { own, descendants };
}

/** Milliseconds of CPU per operation between two `processTreeCpu` readings. */
export function cpuPerOperation(before, after, operations) {
  const per = (seconds) => (operations > 0 ? (1000 * seconds) / operations : Number.NaN);
  return { ownMs: per(after.own - before.own), descendantsMs: per(after.descendants - before.descendants) };
}

async function cpuSeconds(pid) {
  try {
    const stat = await readFile(`/proc/${pid}/stat`, "utf8");
    // Fields after the command name (which may hold spaces): state is field 3, utime 14, stime 15.
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    return (Number(fields[11]) + Number(fields[12])) / TICKS_PER_SECOND;
  } catch {
    return 0;
  }
}

async function descendantsOf(pid) {
  const children = await readFile(`/proc/${pid}/task/${pid}/children`, "utf8").then(
    (text) => text.trim().split(/\s+/).filter(Boolean).map(Number),
    () => [],
  );
  const nested = await Promise.all(children.map(descendantsOf));
  return [...children, ...nested.flat()];
}
