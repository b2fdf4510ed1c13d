#!/usr/bin/env node
// The stack is written in TypeScript and runs from source through tsx, so `npm install` is the
// only step between a clone and `npx parley-stack start`.
import { register } from "tsx/esm/api";

register();
await import("../src/cli/main.ts");
