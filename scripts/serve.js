#!/usr/bin/env node
// `npm run serve`: Parley for a team on one server. Builds the web app when web/dist is missing or
// older than its sources, then runs `parley-stack start --production` in the foreground: the app
// and the APIs on one port (api.port, 127.0.0.1 unless --host says otherwise). Extra arguments go
// to the stack (`npm run serve -- --host 0.0.0.0 --trusted-proxies 10.0.0.0/8`). Ctrl-C or SIGTERM
// stops it cleanly.
import { spawn, spawnSync } from "node:child_process";
import { existsSync, readdirSync, statSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = fileURLToPath(new URL("..", import.meta.url));
const builtIndex = path.join(root, "web", "dist", "index.html");
/** What the build reads: the app's sources and settings, and config.toml (the password policy). */
const buildInputs = [
  "web/src",
  "web/public",
  "web/vite",
  "web/index.html",
  "web/vite.config.ts",
  "web/package.json",
  "supabase/config.toml",
  "package-lock.json",
];

function newestChange(entry) {
  const full = path.join(root, entry);
  if (!existsSync(full)) return 0;
  const stats = statSync(full);
  if (!stats.isDirectory()) return stats.mtimeMs;
  let newest = stats.mtimeMs;
  for (const name of readdirSync(full, { recursive: true }))
    newest = Math.max(newest, statSync(path.join(full, String(name))).mtimeMs);
  return newest;
}

function buildIsCurrent() {
  if (!existsSync(builtIndex)) return false;
  const built = statSync(builtIndex).mtimeMs;
  return buildInputs.every((entry) => newestChange(entry) <= built);
}

if (!buildIsCurrent()) {
  process.stderr.write("Building the web app (web/dist)…\n");
  const build = spawnSync("npm", ["run", "build", "-w", "web"], { cwd: root, stdio: ["ignore", "inherit", "inherit"] });
  if (build.status !== 0) {
    process.stderr.write(`The web app did not build (exit code ${build.status ?? build.signal}).\n`);
    process.exit(1);
  }
}

const stack = spawn(
  process.execPath,
  ["stack/bin/parley-stack.js", "start", "--production", "--workdir", root, ...process.argv.slice(2)],
  {
    cwd: root,
    stdio: "inherit",
  },
);
for (const signal of ["SIGINT", "SIGTERM", "SIGHUP"]) process.on(signal, () => stack.kill(signal));
stack.once("exit", (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
