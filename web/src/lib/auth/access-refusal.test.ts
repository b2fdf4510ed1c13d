import { FunctionsHttpError } from "@supabase/supabase-js";
import { describe, expect, it } from "vitest";
import { FunctionCallError } from "../function-error";
import { isAccessRefusal } from "./access-refusal";

describe("isAccessRefusal", () => {
  it.each([
    [
      "a row level security refusal from REST",
      {
        code: "42501",
        message: 'new row violates row-level security policy for table "messages"',
        details: null,
        hint: null,
      },
      true,
    ],
    [
      "a storage 403",
      {
        name: "StorageApiError",
        message: "new row violates row-level security policy",
        status: 403,
        statusCode: "403",
      },
      true,
    ],
    ["a storage 400 carrying 403 as its statusCode", { message: "Unauthorized", status: 400, statusCode: "403" }, true],
    ["a function's insufficient_aal", new FunctionCallError("insufficient_aal"), true],
    ["a 401", { message: "JWT expired", status: 401 }, true],
    ["a check constraint", { code: "23514", message: "violates check constraint" }, false],
    ["a missing row", { code: "PGRST116", message: "JSON object requested, multiple (or no) rows returned" }, false],
    ["another function error", new FunctionCallError("already_member"), false],
    ["a network failure", new TypeError("Failed to fetch"), false],
    ["nothing", undefined, false],
  ])("%s → %s", (_name, error, expected) => {
    expect(isAccessRefusal(error)).toBe(expected);
  });

  it("does not read the status of an unparsed function response as a refusal by itself", () => {
    expect(isAccessRefusal(new FunctionsHttpError(new Response(null, { status: 500 })))).toBe(false);
  });
});
