// Field types of config.toml. Every leaf accepts what the Supabase CLI's decoder accepts:
// viper decodes with mapstructure's WeaklyTypedInput, so a value that arrives as a string (from
// `env(NAME)` or a SUPABASE_* variable) still fills a number or boolean field, and a string
// fills a list by splitting on commas (StringToSliceHookFunc(",")). A rejected value produces
// one message, "must be <expected> (got <value>)", which the loader prefixes with file and key.
import { z } from "zod";
import { envReferenceName } from "../env-substitution.ts";
import { parseDuration, parseSize } from "../units.ts";

/** How a value reads in an error message. */
export function describeValue(value: unknown): string {
  if (Array.isArray(value)) return `an array`;
  if (value instanceof Date) return `a date`;
  if (typeof value === "object" && value !== null) return "a table";
  if (typeof value === "string") return JSON.stringify(value);
  return String(value);
}

/** "must be <expected> (got <value>)", with a hint when the value is an unset env() literal. */
export function mustBe(expected: string, value: unknown): string {
  const unsetVariable = envReferenceName(value);
  const hint = unsetVariable === undefined ? "" : `; environment variable ${unsetVariable} is not set`;
  return `must be ${expected} (got ${describeValue(value)}${hint})`;
}

/** A leaf field: `convert` returns the accepted value, or undefined to reject it. */
function field<T>(expected: string, convert: (value: unknown) => T | undefined) {
  return z.unknown().transform((value, context): T => {
    const converted = convert(value);
    if (converted !== undefined) return converted;
    context.addIssue({ code: "custom", message: mustBe(expected, value), input: value });
    return z.NEVER;
  });
}

function toText(value: unknown): string | undefined {
  if (typeof value === "string") return value;
  if (typeof value === "number" && Number.isFinite(value)) return String(value);
  return undefined;
}

function toInteger(value: unknown): number | undefined {
  if (typeof value === "number") return Number.isSafeInteger(value) ? value : undefined;
  if (typeof value === "string" && /^[+-]?\d+$/.test(value)) {
    const parsed = Number(value);
    return Number.isSafeInteger(parsed) ? parsed : undefined;
  }
  return undefined;
}

const trueWords = new Set(["1", "t", "T", "true", "TRUE", "True"]);
const falseWords = new Set(["", "0", "f", "F", "false", "FALSE", "False"]);

function toBoolean(value: unknown): boolean | undefined {
  if (typeof value === "boolean") return value;
  if (typeof value === "number") return value !== 0;
  if (typeof value === "string") {
    if (trueWords.has(value)) return true;
    if (falseWords.has(value)) return false;
  }
  return undefined;
}

/** true or false (also "true"/"false"/"1"/"0" from environment variables). */
export const bool = () => field("true or false", toBoolean);

/** A string; a TOML number is taken as its decimal text. */
export const text = () => field("a string", toText);

/** A whole number in [min, max]. */
export function integer(min = 0, max = Number.MAX_SAFE_INTEGER) {
  const expected =
    max !== Number.MAX_SAFE_INTEGER
      ? `an integer between ${min} and ${max}`
      : min === 0
        ? "a non-negative integer"
        : `an integer of at least ${min}`;
  return field(expected, (value) => {
    const parsed = toInteger(value);
    return parsed !== undefined && parsed >= min && parsed <= max ? parsed : undefined;
  });
}

/** A TCP port, 1–65535. */
export const port = () => integer(1, 65535);

/** A list of strings; a single string is split on commas, as the CLI does. */
export const textList = () =>
  field("an array of strings", (value) => {
    if (typeof value === "string") return value === "" ? [] : value.split(",");
    if (!Array.isArray(value)) return undefined;
    const items = value.map(toText);
    return items.every((item) => item !== undefined) ? items : undefined;
  });

/** A byte size: "50MiB", "5GB", "500KB" (binary units, as the CLI) or a number of bytes. */
export const size = () =>
  field('a size such as "50MiB" or a number of bytes', (value) => {
    if (typeof value !== "string" && typeof value !== "number") return undefined;
    try {
      return parseSize(value);
    } catch {
      return undefined;
    }
  });

/** A Go duration such as "1s", "24h" or "1h30m", in milliseconds. */
export const duration = () =>
  field('a duration such as "5s", "8h" or "1h30m"', (value) => {
    if (typeof value !== "string") return undefined;
    try {
      const milliseconds = parseDuration(value);
      return milliseconds >= 0 ? milliseconds : undefined;
    } catch {
      return undefined;
    }
  });

/** One of a fixed set of strings. */
export function oneOf<const Values extends readonly string[]>(values: Values) {
  const expected = `one of ${values.map((value) => JSON.stringify(value)).join(", ")}`;
  return field(expected, (value): Values[number] | undefined => {
    const candidate = toText(value);
    return candidate !== undefined && values.includes(candidate) ? candidate : undefined;
  });
}

/** A table that is always present, filled with defaults when the file leaves it out. */
export function section<Shape extends z.core.$ZodLooseShape>(shape: Shape) {
  const table = z.strictObject(shape);
  // Every field of a section has a default or is optional, so an empty table is valid input.
  return table.prefault({} as z.input<typeof table>);
}

/** A table that only exists when the file writes it (a pointer in the CLI's structs). */
export function optionalSection<Shape extends z.core.$ZodLooseShape>(shape: Shape) {
  return z.strictObject(shape).optional();
}

/** Tables named by the user, e.g. `[functions.<name>]`: any name, checked inner keys. */
export function namedSections<Shape extends z.core.$ZodLooseShape>(shape: Shape) {
  return z.record(z.string(), z.strictObject(shape)).default({});
}

/** A table of user-named string values, e.g. `[edge_runtime.secrets]`. */
export const textTable = () => z.record(z.string(), text()).default({});
