import { existsSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";

const require = createRequire(import.meta.url);

let cached: string | undefined;

/**
 * The Deno executable of the `deno` npm package this stack depends on. The package's install
 * script copies the platform binary next to its package.json; when that copy is missing (read-only
 * install, scripts disabled) its own `install_api.cjs` resolves the `@deno/<platform>` package.
 * @example spawn(denoExecutable(), ["--version"]);
 */
export function denoExecutable(): string {
  if (cached !== undefined) return cached;
  const packageDir = path.dirname(require.resolve("deno/package.json"));
  const copied = path.join(packageDir, process.platform === "win32" ? "deno.exe" : "deno");
  if (existsSync(copied)) return (cached = copied);
  const installApi = require(path.join(packageDir, "install_api.cjs")) as { runInstall(): string };
  return (cached = installApi.runInstall());
}
