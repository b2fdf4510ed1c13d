import { symlink } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { StartStackOptions } from "../../../src/index.ts";
import { REPOSITORY_PROJECT } from "../../support/project.ts";
import { startTestStack, type TestStack } from "../../support/test-stack.ts";

/** The repository's own install, which edge functions' `npm:` imports resolve from offline. */
const REPO_NODE_MODULES = fileURLToPath(new URL("../../../../node_modules", import.meta.url));

/**
 * A stack serving a temporary copy of the repository's `supabase/` folder — Parley's real
 * migrations, seed and functions — with a node_modules beside it as after `npm install`.
 * @example const t = await startParleyStack();
 */
export async function startParleyStack(options: Partial<StartStackOptions> = {}): Promise<TestStack> {
  const t = await startTestStack(REPOSITORY_PROJECT, options);
  await symlink(REPO_NODE_MODULES, path.join(t.project.workdir, "node_modules"), "dir");
  return t;
}
