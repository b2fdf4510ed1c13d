#!/usr/bin/env node
// Runs a command under Node.js 24 LTS, beside the machine's own Node (20.19+), so CI tests the stack
// on both lines: `node scripts/with-node-24.js npm exec --workspace stack -- vitest run`. Node 24 comes from the npm
// registry as the `node-linux-<arch>` package pinned in scripts/node-24/package.json (its lockfile
// holds the tarball's integrity); it is installed there on first use and needs no network after.
// Where the registry has no Node 24 build for this platform, the script runs under the current Node
// and says so.
import { spawnSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = fileURLToPath(new URL("..", import.meta.url));
const toolDir = path.join(root, "scripts", "node-24");
const npm = process.platform === "win32" ? "npm.cmd" : "npm";

const [command, ...commandArgs] = process.argv.slice(2);
if (!command) {
  process.stderr.write("usage: node scripts/with-node-24.js <command> [args…]\n");
  process.exit(2);
}

/** The version scripts/node-24/package.json pins for this platform's package, or undefined. */
function pinnedPackage() {
  const manifest = JSON.parse(readFileSync(path.join(toolDir, "package.json"), "utf8"));
  const name = `node-${process.platform}-${process.arch}`;
  const version = manifest.optionalDependencies?.[name];
  return version ? { name, version } : undefined;
}

function installedVersion(name) {
  const manifest = path.join(toolDir, "node_modules", name, "package.json");
  return existsSync(manifest) ? JSON.parse(readFileSync(manifest, "utf8")).version : undefined;
}

function run(program, args, env = process.env) {
  const result = spawnSync(program, args, { cwd: root, env, stdio: "inherit" });
  if (result.error) throw result.error;
  return result.status ?? 1;
}

function nodeBinDir() {
  const pinned = pinnedPackage();
  if (!pinned) return undefined;
  if (installedVersion(pinned.name) !== pinned.version) {
    const status = run(npm, ["ci", "--prefix", toolDir, "--no-audit", "--no-fund"]);
    if (status !== 0) process.exit(status);
  }
  return path.join(toolDir, "node_modules", pinned.name, "bin");
}

const binDir = nodeBinDir();
if (!binDir) {
  process.stderr.write(
    `No Node 24 package for ${process.platform}-${process.arch} in scripts/node-24; running under ${process.version}.\n`,
  );
}
// npm, vitest and every `#!/usr/bin/env node` they start resolve `node` through PATH.
const env = binDir ? { ...process.env, PATH: `${binDir}${path.delimiter}${process.env.PATH ?? ""}` } : process.env;
if (run("node", ["--version"], env) !== 0) process.exit(1);
process.exit(run(command === "npm" ? npm : command, commandArgs, env));
