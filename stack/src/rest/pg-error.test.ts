import { describe, expect, it } from "vitest";
import { sqlStateStatus, toRestProblem } from "./pg-error.ts";

describe("SQLSTATE → HTTP status (PostgREST Error.hs)", () => {
  it.each([
    ["08006", "", true, 503],
    ["09000", "", true, 500],
    ["0L000", "", true, 403],
    ["0P000", "", true, 403],
    ["21000", "DELETE requires a WHERE clause", true, 400],
    ["21000", "more than one row returned by a subquery", true, 500],
    ["22023", 'role "x" does not exist', true, 401],
    ["22023", "invalid value", true, 400],
    ["23503", "", true, 409],
    ["23505", "", true, 409],
    ["25006", "", true, 405],
    ["25001", "", true, 500],
    ["28000", "", true, 403],
    ["2D000", "", true, 500],
    ["38000", "", true, 500],
    ["39000", "", true, 500],
    ["3B000", "", true, 500],
    ["40001", "", true, 500],
    ["42501", "", false, 401],
    ["42501", "", true, 403],
    ["42883", "", true, 404],
    ["42P01", "", true, 404],
    ["42P17", "", true, 500],
    ["53400", "", true, 500],
    ["53100", "", true, 503],
    ["54000", "", true, 500],
    ["55000", "", true, 500],
    ["57P01", "", true, 503],
    ["57014", "", true, 500],
    ["58000", "", true, 500],
    ["F0000", "", true, 500],
    ["HV000", "", true, 500],
    ["XX000", "", true, 500],
    ["P0001", "", true, 400],
    ["P0002", "", true, 500],
    ["PT402", "", true, 402],
    ["22P02", "", true, 400],
    ["23502", "", true, 400],
    ["42703", "", true, 400],
  ])("%s (%s, authenticated=%s) → %i", (code, message, authenticated, status) => {
    expect(sqlStateStatus(code, message, authenticated)).toBe(status);
  });

  it("shapes a PostgreSQL error as PostgREST's body, with WWW-Authenticate for anon 42501", () => {
    const problem = toRestProblem(
      { severity: "ERROR", code: "42501", message: "permission denied for table t" },
      false,
    );
    expect(problem.body).toEqual({
      code: "42501",
      status: 401,
      message: "permission denied for table t",
      details: null,
      hint: null,
      headers: { "WWW-Authenticate": "Bearer" },
    });
  });

  it("reads RAISE SQLSTATE 'PGRST' and reports unparsable ones as PGRST121", () => {
    const ok = toRestProblem(
      {
        severity: "ERROR",
        code: "PGRST",
        message: '{"code":"X1","message":"m"}',
        detail: '{"status":409,"headers":{"A":"b"}}',
      },
      true,
    );
    expect(ok.body).toMatchObject({
      code: "X1",
      status: 409,
      message: "m",
      details: null,
      hint: null,
      headers: { A: "b" },
    });
    const bad = toRestProblem({ severity: "ERROR", code: "PGRST", message: "nope" }, true);
    expect(bad.body).toMatchObject({
      code: "PGRST121",
      status: 500,
      details: "Invalid JSON value for MESSAGE: 'nope'",
    });
    expect(
      toRestProblem({ severity: "ERROR", code: "PGRST", message: '{"code":"1","message":"m"}' }, true).body.details,
    ).toBe("DETAIL is missing in the RAISE statement");
  });

  it("rethrows anything that is not a database error (a bug, answered 500 by the gateway)", () => {
    expect(() => toRestProblem(new TypeError("boom"), true)).toThrow("boom");
  });
});
