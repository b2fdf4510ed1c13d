#!/usr/bin/env node
// Runs the compiled stack: dist/ is src/ built into plain JavaScript by `npm install` (the stack's
// prepare step) or `npm run build -w stack`, so no TypeScript transpiler runs at start.
import { existsSync } from "node:fs";
import { builtFingerprint, currentFingerprint } from "../scripts/build-fingerprint.js";

const main = new URL("../dist/cli/main.js", import.meta.url);
if (!existsSync(main)) {
  process.stderr.write("Parley Stack is not built (stack/dist is missing): run `npm run build -w stack`.\n");
  process.exit(1);
}
// In a checkout (src/ beside dist/), say when the build no longer matches the sources.
if (existsSync(new URL("../src", import.meta.url)) && builtFingerprint() !== currentFingerprint())
  process.stderr.write(
    "Warning: stack/dist is older than stack/src; run `npm run build -w stack` to use your changes.\n",
  );
await import(main.href);
