import { readFile, rm, writeFile } from "node:fs/promises";
import { z } from "zod";

/** What `status` and `stop` need to find a running stack: written when ready, removed on stop. */
export const stackStateSchema = z.object({
  pid: z.number().int(),
  startedAt: z.string(),
  ports: z.object({ api: z.number().int(), db: z.number().int(), inbucket: z.number().int() }),
});

export type StackState = z.infer<typeof stackStateSchema>;

export async function writeStackState(file: string, state: StackState): Promise<void> {
  await writeFile(file, JSON.stringify(state, null, 2), { mode: 0o600 });
}

/** The state of a live stack, or undefined when none runs (a stale file from a killed stack is ignored). */
export async function readLiveStackState(file: string): Promise<StackState | undefined> {
  let raw: string;
  try {
    raw = await readFile(file, "utf8");
  } catch {
    return undefined;
  }
  let json: unknown;
  try {
    json = JSON.parse(raw);
  } catch {
    // caught mid-write by a starting stack: not ready yet
    return undefined;
  }
  const parsed = stackStateSchema.safeParse(json);
  if (!parsed.success || !isAlive(parsed.data.pid)) return undefined;
  return parsed.data;
}

export async function removeStackState(file: string): Promise<void> {
  await rm(file, { force: true });
}

export function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}
