import type { DatabaseError } from "pg";

/** 1-based line and column of a character position (PostgreSQL's 1-based `position`) in SQL text. */
export function lineAndColumn(sql: string, position: number): { line: number; column: number } {
  const before = sql.slice(0, Math.max(0, position - 1));
  const lines = before.split("\n");
  return { line: lines.length, column: (lines.at(-1)?.length ?? 0) + 1 };
}

/**
 * Describes a failed SQL file the way a person fixes it: file, line, PostgreSQL's message.
 * @example describeSqlError("supabase/migrations/1_init.sql", sql, error) // "…1_init.sql:3:8: ERROR: syntax error at or near "tabel" (SQLSTATE 42601)"
 */
export function describeSqlError(file: string, sql: string, error: unknown): string {
  const pgError = error as Partial<DatabaseError>;
  const where = pgError.position ? lineAndColumn(sql, Number(pgError.position)) : undefined;
  const location = where ? `${file}:${where.line}:${where.column}` : file;
  const code = pgError.code ? ` (SQLSTATE ${pgError.code})` : "";
  const detail = pgError.detail ? `\n  DETAIL: ${pgError.detail}` : "";
  const hint = pgError.hint ? `\n  HINT: ${pgError.hint}` : "";
  return `${location}: ERROR: ${(error as Error).message}${code}${detail}${hint}`;
}
