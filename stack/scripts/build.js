#!/usr/bin/env node
// `npm run build -w stack` (also npm install's prepare step): src/ → dist/, plain JavaScript that
// Node runs with no transpiler. tsc emits the modules (`.ts` imports rewritten to `.js`); the files
// the code reads beside itself (platform SQL, extension scripts, the Deno bootstrap) are copied to
// the same place under dist/. `--if-stale` does nothing when dist/ was built from the current src/.
// The new build is made in a fresh folder and swapped in, so a running stack never sees half of one.
import { spawnSync } from "node:child_process";
import { cpSync, existsSync, renameSync, rmSync, statSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { builtFingerprint, currentFingerprint, distDir, isBuildInput, stackRoot } from "./build-fingerprint.js";

const ifStale = process.argv.includes("--if-stale");
const fingerprint = currentFingerprint();
if (ifStale && builtFingerprint() === fingerprint) process.exit(0);

const staging = path.join(stackRoot, `dist.building-${process.pid}`);
const retired = path.join(stackRoot, `dist.old-${process.pid}`);
const tsc = createRequire(import.meta.url).resolve("typescript/bin/tsc");
const started = performance.now();
try {
  const compiled = spawnSync(process.execPath, [tsc, "-p", "tsconfig.build.json", "--outDir", staging], {
    cwd: stackRoot,
    stdio: "inherit",
  });
  if (compiled.status !== 0) throw new Error(`tsc failed (exit code ${compiled.status ?? compiled.signal})`);
  cpSync(path.join(stackRoot, "src"), staging, {
    recursive: true,
    filter: (source) =>
      statSync(source).isDirectory() || (!source.endsWith(".ts") && isBuildInput(path.relative(stackRoot, source))),
  });
  writeFileSync(path.join(staging, ".build-fingerprint"), `${fingerprint}\n`);
  if (existsSync(distDir)) renameSync(distDir, retired);
  renameSync(staging, distDir);
  rmSync(retired, { recursive: true, force: true });
  process.stderr.write(`Parley Stack built into dist/ in ${((performance.now() - started) / 1000).toFixed(1)} s.\n`);
} catch (error) {
  rmSync(staging, { recursive: true, force: true });
  process.stderr.write(`Parley Stack did not build: ${error.message}\n`);
  process.exit(1);
}
