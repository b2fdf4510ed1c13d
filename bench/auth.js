#!/usr/bin/env node
// `node bench/auth.js [--quick] [--seconds N] [--concurrency N]`: the auth benchmark on its own —
// prints a table and writes bench/results/auth.json (`npm run bench` also runs it with the others).
import { mkdir, writeFile } from "node:fs/promises";
import { cpus } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { BCRYPT_COST, run } from "./auth.bench.js";

const here = fileURLToPath(new URL(".", import.meta.url));
const { values } = parseArgs({ options: { quick: { type: "boolean", default: false }, seconds: { type: "string" }, concurrency: { type: "string" } } });
const options = { quick: values.quick };
if (values.seconds) options.seconds = Number(values.seconds);
if (values.concurrency) options.concurrency = Number(values.concurrency);

const rows = await run(options);
const machine = { cores: cpus().length, cpu: cpus()[0]?.model ?? "unknown", node: process.version, date: new Date().toISOString() };
console.log(`Parley Stack auth benchmark — ${machine.cores} cores, ${machine.cpu}, Node ${machine.node}, bcrypt cost ${BCRYPT_COST}`);
console.table(rows.map((r) => ({ figure: r.figure, value: Number(r.value.toFixed(1)), unit: r.unit, conditions: r.conditions })));
await mkdir(path.join(here, "results"), { recursive: true });
await writeFile(path.join(here, "results", "auth.json"), `${JSON.stringify({ machine, bcryptCost: BCRYPT_COST, results: rows }, null, 2)}\n`);
console.log("wrote bench/results/auth.json");
