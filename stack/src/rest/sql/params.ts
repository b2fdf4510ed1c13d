// Bind parameters for generated SQL: every value a client sends becomes `$n` (sent untyped, so
// PostgreSQL infers its type from the column, as PostgREST's unknown-typed parameters do).

export class Params {
  readonly values: unknown[] = [];

  /** Adds a value and returns its placeholder. */
  add(value: unknown): string {
    this.values.push(value);
    return `$${this.values.length}`;
  }
}

// Identifiers are never parameters in SQL: the stack's one quoter, under the names this folder uses.
export { quoteIdent as ident, quoteQualified as qualified } from "../../db/index.ts";

/** A PostgreSQL array literal of text elements, each quoted: `{"a","b \\"c\\""}`. */
export function arrayLiteral(values: readonly string[]): string {
  return `{${values.map((v) => `"${v.replaceAll("\\", "\\\\").replaceAll('"', '\\"')}"`).join(",")}}`;
}
