const UNITS: Record<string, number> = { ns: 1e-6, us: 1e-3, µs: 1e-3, ms: 1, s: 1000, m: 60_000, h: 3_600_000 };

/**
 * Milliseconds from a Go duration ("1s", "1h30m", "0") as config.toml writes them, or from a number
 * the config module already converted to milliseconds.
 * @example parseDurationMs("1m30s") // 90000
 */
export function parseDurationMs(value: unknown, fallback: number): number {
  if (typeof value === "number" && Number.isFinite(value)) return value;
  if (typeof value !== "string" || value.trim() === "") return fallback;
  const text = value.trim();
  if (text === "0") return 0;
  const pattern = /(\d+(?:\.\d+)?)(ns|us|µs|ms|s|m|h)/gy;
  let total = 0;
  let consumed = 0;
  for (const match of text.matchAll(pattern)) {
    total += Number(match[1]) * (UNITS[match[2] ?? "s"] ?? 0);
    consumed += match[0].length;
  }
  return consumed === text.length && consumed > 0 ? total : fallback;
}
