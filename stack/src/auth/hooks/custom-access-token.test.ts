import { describe, expect, it } from "vitest";
import { pgFunctionName } from "./custom-access-token.ts";

describe("pgFunctionName", () => {
  it.each([
    ["pg-functions://postgres/public/custom_access_token_hook", '"public"."custom_access_token_hook"'],
    ["pg-functions://postgres/auth_hooks/add_claims", '"auth_hooks"."add_claims"'],
    ["https://example.com/hook", undefined],
    ["pg-functions://postgres/public/drop table x", undefined],
  ])("%s → %s", (uri, expected) => {
    expect(pgFunctionName(uri)).toBe(expected);
  });
});
