// Sizes and durations written the way the Supabase CLI reads them.
//
// Sizes: the CLI decodes `file_size_limit` with docker/go-units `RAMInBytes`
// (pkg/config/config.go, type sizeInBytes), so every unit is binary: "5MB" and "5MiB" are both
// 5 × 1024 × 1024 bytes, the suffix is case-insensitive, the trailing "b"/"ib" is optional and
// one space may separate number and unit.
//
// Durations: the CLI decodes time.Duration fields with Go's `time.ParseDuration`
// (mapstructure.StringToTimeDurationHookFunc), so "300ms", "1.5h", "1h30m" and "0" are valid
// and a unit is required on every other number.

const binaryMultipliers: Readonly<Record<string, number>> = {
  k: 1024,
  m: 1024 ** 2,
  g: 1024 ** 3,
  t: 1024 ** 4,
  p: 1024 ** 5,
};

const sizePattern = /^\+?((?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?) ?([a-zA-Z]*)$/;

/**
 * Turns a size as written in config.toml into a number of bytes, with the CLI's meaning
 * (go-units `RAMInBytes`: every unit is a power of 1024). A number is already a byte count.
 *
 * @example
 * parseSize("50MiB"); // 52428800
 * parseSize("5GB");   // 5368709120 (binary, as the CLI)
 * parseSize("500 kb"); // 512000
 * parseSize(1024);    // 1024
 * @throws {RangeError} when the value is not a size.
 */
export function parseSize(value: string | number): number {
  if (typeof value === "number") {
    if (!Number.isFinite(value) || value < 0) throw new RangeError(`invalid size: ${value}`);
    return Math.trunc(value);
  }
  const match = sizePattern.exec(value);
  const amount = match?.[1];
  const suffix = match?.[2]?.toLowerCase() ?? "";
  if (match === null || amount === undefined) throw new RangeError(`invalid size: "${value}"`);
  const multiplier = sizeMultiplier(suffix);
  if (multiplier === undefined) throw new RangeError(`invalid size unit "${suffix}" in "${value}"`);
  return Math.trunc(Number(amount) * multiplier);
}

function sizeMultiplier(suffix: string): number | undefined {
  if (suffix === "" || suffix === "b") return 1;
  const multiplier = binaryMultipliers[suffix[0] ?? ""];
  if (multiplier === undefined) return undefined;
  const rest = suffix.slice(1);
  return rest === "" || rest === "b" || rest === "ib" ? multiplier : undefined;
}

const nanosecondsPerUnit: Readonly<Record<string, number>> = {
  ns: 1,
  us: 1e3,
  "\u00b5s": 1e3, // µ MICRO SIGN, accepted by Go
  "\u03bcs": 1e3, // μ GREEK SMALL LETTER MU, accepted by Go
  ms: 1e6,
  s: 1e9,
  m: 60e9,
  h: 3600e9,
};

const durationTerm = /^(\d*)(?:\.(\d*))?([^\d.]*)/;

/**
 * Turns a Go duration string (the syntax of `time.ParseDuration`, which the CLI uses for
 * `max_frequency`, `timebox`, `health_timeout`…) into milliseconds.
 *
 * @example
 * parseDuration("1s");    // 1000
 * parseDuration("1h30m"); // 5400000
 * parseDuration("1.5h");  // 5400000
 * parseDuration("300ms"); // 300
 * parseDuration("0");     // 0
 * @throws {RangeError} when the value is not a Go duration.
 */
export function parseDuration(value: string): number {
  let rest = value;
  let sign = 1;
  if (rest.startsWith("-") || rest.startsWith("+")) {
    sign = rest.startsWith("-") ? -1 : 1;
    rest = rest.slice(1);
  }
  if (rest === "0") return 0;
  if (rest === "") throw new RangeError(`invalid duration: "${value}"`);
  let nanoseconds = 0;
  while (rest !== "") {
    const [term, whole = "", fraction = "", unit = ""] = durationTerm.exec(rest) ?? [];
    if (term === undefined || (whole === "" && fraction === "")) {
      throw new RangeError(`invalid duration: "${value}"`);
    }
    const scale = nanosecondsPerUnit[unit];
    if (unit === "") throw new RangeError(`missing unit in duration "${value}"`);
    if (scale === undefined) throw new RangeError(`unknown unit "${unit}" in duration "${value}"`);
    nanoseconds += Number(whole || "0") * scale + Math.trunc(Number(`0.${fraction || "0"}`) * scale);
    rest = rest.slice(term.length);
  }
  return (sign * nanoseconds) / 1e6;
}
