import { symlink } from "node:fs/promises";
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
