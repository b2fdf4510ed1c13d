import { existsSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { EdgeFunction } from "./discover-functions.ts";

/** Where `npm:` specifiers come from: the project's own node_modules, or Deno's cache (network). */
export type NpmSource = { kind: "project"; nodeModules: string } | { kind: "deno-cache" };

/** The first node_modules folder from the function's folder upwards: the project's own install. */
export function findProjectNodeModules(directory: string): string | undefined {
  for (let dir = directory; ; dir = path.dirname(dir)) {
    const candidate = path.join(dir, "node_modules");
    if (existsSync(candidate)) return candidate;
    if (path.dirname(dir) === dir) return undefined;
  }
}

/**
 * `deno run` flags for one function: the permissions of a hosted user worker (net, env, read, sys,
 * any import, writes to the temp folder), the 256 MB heap of `memoryLimitMb`, the function's
 * deno.json or import map (upstream: a deno.json beside the entrypoint is the config, anything else
 * an import map), no lockfile written into the project, and npm packages from the project's
 * node_modules when it has one (Deno's "manual" node_modules mode resolves `npm:` there offline).
 */
export function denoRunArgs(fn: EdgeFunction, npm: NpmSource, bootstrap: string, memoryLimitMb: number): string[] {
  const args = [
    "run",
    "--no-lock",
    "--allow-net",
    "--allow-env",
    "--allow-read",
    "--allow-sys",
    "--allow-import",
    `--allow-write=${tmpdir()}`,
    `--v8-flags=--max-old-space-size=${memoryLimitMb}`,
  ];
  if (npm.kind === "project") args.push("--node-modules-dir=manual");
  if (fn.importMapMode === "config") args.push("--config", fn.importMap);
  else if (fn.importMapMode === "import-map") args.push("--no-config", "--import-map", fn.importMap);
  else args.push("--no-config");
  args.push(bootstrap);
  return args;
}
