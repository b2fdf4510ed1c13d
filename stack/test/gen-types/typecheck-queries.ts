import { spawn } from "node:child_process";
import { mkdir, mkdtemp, rm, symlink, writeFile } from "node:fs/promises";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";

const repositoryRoot = fileURLToPath(new URL("../../../", import.meta.url));
const tsc = createRequire(import.meta.url).resolve("typescript/bin/tsc");

const TSCONFIG = {
  compilerOptions: {
    strict: true,
    noEmit: true,
    target: "es2022",
    module: "esnext",
    moduleResolution: "bundler",
    skipLibCheck: true,
    types: [],
  },
  files: ["queries.ts"],
};

/**
 * `tsc --noEmit` of a query file beside generated types, in a temporary folder that sees the
 * repository's node_modules (for @supabase/supabase-js). Resolves to tsc's exit code and output.
 * @example const { code, output } = await typecheckQueries(types, `import type { Database } from "./database.types"`);
 */
export async function typecheckQueries(
  types: string,
  queries: string,
): Promise<{ code: number | null; output: string }> {
  const folder = await mkdtemp(path.join(tmpdir(), "parley-gen-types-"));
  try {
    await mkdir(folder, { recursive: true });
    await symlink(path.join(repositoryRoot, "node_modules"), path.join(folder, "node_modules"), "dir");
    await writeFile(path.join(folder, "database.types.ts"), types);
    await writeFile(path.join(folder, "queries.ts"), queries);
    await writeFile(path.join(folder, "tsconfig.json"), JSON.stringify(TSCONFIG));
    return await new Promise((resolve, reject) => {
      const child = spawn(process.execPath, [tsc, "-p", folder], { stdio: ["ignore", "pipe", "pipe"] });
      let output = "";
      child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()));
      child.stderr.on("data", (chunk: Buffer) => (output += chunk.toString()));
      child.once("error", reject);
      child.once("close", (code) => resolve({ code, output }));
    });
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
}
