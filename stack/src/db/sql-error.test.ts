import { describe, expect, it } from "vitest";
import { describeSqlError, lineAndColumn } from "./sql-error.ts";

describe("lineAndColumn", () => {
  it.each([
    ["select 1", 1, { line: 1, column: 1 }],
    ["a\nbc\ndef", 4, { line: 2, column: 2 }],
    ["a\nbc\ndef", 6, { line: 3, column: 1 }],
  ])("finds position in %j at %i", (sql, position, expected) => {
    expect(lineAndColumn(sql, position)).toEqual(expected);
  });
});

describe("describeSqlError", () => {
  it("names file, line, message, SQLSTATE and hint", () => {
    const error = Object.assign(new Error('relation "x" does not exist'), {
      position: "15",
      code: "42P01",
      hint: "Create it.",
    });
    expect(describeSqlError("m.sql", "select 1;\nselect * from x", error)).toBe(
      'm.sql:2:5: ERROR: relation "x" does not exist (SQLSTATE 42P01)\n  HINT: Create it.',
    );
  });
});
