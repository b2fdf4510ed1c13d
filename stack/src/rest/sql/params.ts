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

/** A double-quoted identifier (embedded quotes doubled); identifiers are never parameters in SQL. */
export function ident(name: string): string {
  return `"${name.replaceAll('"', '""')}"`;
}

export function qualified(schema: string, name: string): string {
  return `${ident(schema)}.${ident(name)}`;
}

/** A PostgreSQL array literal of text elements, each quoted: `{"a","b \\"c\\""}`. */
export function arrayLiteral(values: readonly string[]): string {
  return `{${values.map((v) => `"${v.replaceAll("\\", "\\\\").replaceAll('"', '\\"')}"`).join(",")}}`;
}
