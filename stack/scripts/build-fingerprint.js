// What a build of src/ was made from: every input file's path, size and modification time, hashed.
// `scripts/build.js` writes it into dist/ and `--if-stale` compares it, so an unchanged tree is not
// built twice; the bin compares it to warn when dist/ is older than src/.
import { createHash } from "node:crypto";
import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

export const stackRoot = fileURLToPath(new URL("..", import.meta.url));
export const distDir = path.join(stackRoot, "dist");
export const fingerprintFile = path.join(distDir, ".build-fingerprint");

const configFiles = ["tsconfig.json", "tsconfig.build.json", "../tsconfig.base.json", "scripts/build.js"];

/** Whether a file under src/ goes into the build: tests and READMEs stay behind. */
export function isBuildInput(relativePath) {
  return !relativePath.endsWith(".test.ts") && !relativePath.endsWith(".md");
}

/** The fingerprint of the current inputs (src/ and the build's own configuration). */
export function currentFingerprint() {
  const sources = readdirSync(path.join(stackRoot, "src"), { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(stackRoot, path.join(entry.parentPath, entry.name)))
    .filter(isBuildInput);
  const hash = createHash("sha256");
  for (const file of [...configFiles, ...sources.sort()]) {
    const stat = statSync(path.join(stackRoot, file));
    hash.update(`${file}\0${stat.size}\0${stat.mtimeMs}\n`);
  }
  return hash.digest("hex");
}

/** The fingerprint dist/ was built from, or undefined when there is no complete build. */
export function builtFingerprint() {
  try {
    return readFileSync(fingerprintFile, "utf8").trim();
  } catch {
    return undefined;
  }
}
