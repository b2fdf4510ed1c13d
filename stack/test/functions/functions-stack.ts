import { symlink } from "node:fs/promises";
import { Writable } from "node:stream";
import pino, { type Logger } from "pino";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { StartStackOptions } from "../../src/index.ts";
import { startTestStack, type TestStack } from "../support/test-stack.ts";

/** The repository's own install: what `npm install` gives a project, used by `npm:` imports offline. */
const REPO_NODE_MODULES = fileURLToPath(new URL("../../../node_modules", import.meta.url));

/**
 * A stack for the `functions` fixture whose temporary project has a node_modules (a link to the
 * repository's), as a project after `npm install` has.
 */
export async function startFunctionsStack(options: Partial<StartStackOptions> = {}): Promise<TestStack> {
  const t = await startTestStack("functions", options);
  await symlink(REPO_NODE_MODULES, path.join(t.project.workdir, "node_modules"), "dir");
  return t;
}

export const functionsDir = (t: TestStack): string => path.join(t.project.workdir, "supabase", "functions");

/** A logger whose JSON lines are kept in `lines`, to assert on what the stack logged. */
export function capturingLogger(): { logger: Logger; lines: Record<string, unknown>[] } {
  const lines: Record<string, unknown>[] = [];
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString().split("\n").filter(Boolean)) lines.push(JSON.parse(line) as Record<string, unknown>);
      done();
    },
  });
  return { logger: pino({ level: "info" }, sink), lines };
}
