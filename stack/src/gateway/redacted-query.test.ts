import { describe, expect, it } from "vitest";
import { redactedQuery } from "./redacted-query.ts";

describe("redactedQuery: the request log's query string without credentials", () => {
  it("keeps ordinary parameters and hides tokens, keys and codes", () => {
    expect(
      redactedQuery("/auth/v1/verify?token=abc&type=signup&redirect_to=http%3A%2F%2Flocalhost%3A3000%2F&APIKEY=k"),
    ).toBe("token=[REDACTED]&type=signup&redirect_to=http%3A%2F%2Flocalhost%3A3000%2F&APIKEY=[REDACTED]");
    expect(redactedQuery("http://127.0.0.1/rest/v1/notes?select=*&code=c&refresh_token=r")).toBe(
      "select=*&code=[REDACTED]&refresh_token=[REDACTED]",
    );
  });

  it("is undefined without a query", () => {
    expect(redactedQuery("/rest/v1/notes")).toBeUndefined();
    expect(redactedQuery("/rest/v1/notes?")).toBeUndefined();
  });
});
