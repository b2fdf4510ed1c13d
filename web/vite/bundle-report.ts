import { visualizer } from "rollup-plugin-visualizer";
import type { PluginOption } from "vite";

/**
 * `npm run analyze -w web` builds with `--mode analyze`, and this adds rollup-plugin-visualizer's
 * treemap of every chunk (sizes raw, gzip and brotli) at `web/dist/bundle-report.html`: which
 * packages and files each route's JavaScript is made of. Ordinary builds leave it out.
 */
export function bundleReport(mode: string): PluginOption[] {
  if (mode !== "analyze") return [];
  return [visualizer({ filename: "dist/bundle-report.html", template: "treemap", gzipSize: true, brotliSize: true })];
}
