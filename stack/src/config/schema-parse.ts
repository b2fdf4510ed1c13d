// Runs a config schema over raw TOML and sorts what zod reports into errors (bad values) and
// unknown keys (warnings: the key is dropped and the rest of the file still loads).
import type { z } from "zod";
import { describeValue } from "./schema/fields.ts";
import { withoutKeys, type KeyPath } from "./tables.ts";

export interface SchemaError {
  path: KeyPath;
  /** "must be …" — the loader prefixes file and key. */
  message: string;
}

export interface SchemaResult<T> {
  /** Undefined when there are errors. */
  data: T | undefined;
  errors: SchemaError[];
  /** Full paths of keys the schema does not know, already removed from `data`. */
  unknownKeys: KeyPath[];
}

/**
 * Parses `raw` with `schema`. Unknown keys do not fail the parse: they are collected, removed
 * and the input parsed again, so every bad value is reported in one go.
 */
export function parseWithSchema<Schema extends z.ZodType>(
  schema: Schema,
  raw: unknown,
): SchemaResult<z.output<Schema>> {
  const unknownKeys: KeyPath[] = [];
  let input = raw;
  let result = schema.safeParse(input, { reportInput: true });
  for (let attempt = 0; !result.success && attempt < 2; attempt++) {
    const unrecognized = result.error.issues.filter((issue) => issue.code === "unrecognized_keys");
    if (unrecognized.length === 0) break;
    for (const issue of unrecognized) {
      const keys = issue.keys;
      unknownKeys.push(...keys.map((key) => [...toKeyPath(issue.path), key]));
      input = withoutKeys(input, toKeyPath(issue.path), keys);
    }
    result = schema.safeParse(input, { reportInput: true });
  }
  if (result.success) return { data: result.data, errors: [], unknownKeys };
  const errors = result.error.issues
    .filter((issue) => issue.code !== "unrecognized_keys")
    .map((issue) => ({ path: toKeyPath(issue.path), message: describeIssue(issue) }));
  return { data: undefined, errors, unknownKeys };
}

function toKeyPath(path: readonly PropertyKey[]): KeyPath {
  return path.map((segment) => (typeof segment === "number" ? segment : String(segment)));
}

function describeIssue(issue: z.core.$ZodIssue): string {
  if (issue.code === "custom") return issue.message;
  if (issue.code === "invalid_type") {
    const expected =
      issue.expected === "object" || issue.expected === "record"
        ? "a table"
        : issue.expected === "array"
          ? "an array of tables"
          : issue.expected;
    return `must be ${expected} (got ${describeValue(issue.input)})`;
  }
  return issue.message;
}
