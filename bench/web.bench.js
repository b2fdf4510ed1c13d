// The app's JavaScript per route, gzipped: what a browser downloads to show each page (the entry
// and its static imports, plus the route's lazy chunk and its static imports). Catalogs are
// chunks of their own, loaded per language: reported beside the routes.
import { mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { buildApp } from "./support/app.js";

export const name = "web";

function closure(manifest, key, seen = new Set()) {
  if (seen.has(key)) return seen;
  seen.add(key);
  for (const next of manifest[key]?.imports ?? []) closure(manifest, next, seen);
  return seen;
}

export async function run() {
  const outDir = await mkdtemp(path.join(tmpdir(), "parley-bench-web-"));
  try {
    const manifest = await buildApp({ outDir });
    const gzipOf = new Map();
    const size = async (keys) => {
      let total = 0;
      for (const key of keys) {
        const file = manifest[key]?.file;
        if (!file?.endsWith(".js")) continue;
        if (!gzipOf.has(file)) gzipOf.set(file, gzipSync(await readFile(path.join(outDir, file)), { level: 9 }).length);
        total += gzipOf.get(file);
      }
      return total;
    };
    const entryKey = Object.keys(manifest).find((key) => manifest[key].isEntry);
    const entry = closure(manifest, entryKey);
    const rows = [
      {
        figure: "entry (every route)",
        value: (await size(entry)) / 1024,
        unit: "KiB gz",
        conditions: `${entry.size} chunks`,
      },
    ];
    const routes = Object.keys(manifest)
      .filter((key) => manifest[key].isDynamicEntry && /\/routes\//.test(key))
      .sort();
    for (const key of routes) {
      const keys = new Set([...entry, ...closure(manifest, key)]);
      const route = key.replace(/^src\/features\//, "").replace(/\.tsx?$/, "");
      rows.push({
        figure: `route ${route}`,
        value: (await size(keys)) / 1024,
        unit: "KiB gz",
        conditions: "entry + route chunks",
      });
    }
    const catalogs = Object.keys(manifest).filter((key) => /locales\/[a-z]{2}\.json/.test(key));
    for (const key of catalogs.sort()) {
      rows.push({
        figure: `catalog ${path.basename(key, ".json")}`,
        value: (await size([key])) / 1024,
        unit: "KiB gz",
        conditions: "loaded for that language",
      });
    }
    let all = 0;
    for (const key of Object.keys(manifest)) all += await size([key]);
    rows.push({
      figure: "all JavaScript",
      value: all / 1024,
      unit: "KiB gz",
      conditions: `${Object.keys(manifest).length} manifest entries`,
    });
    return rows;
  } finally {
    await rm(outDir, { recursive: true, force: true });
  }
}
