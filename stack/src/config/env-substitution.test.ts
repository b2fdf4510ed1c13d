import { describe, expect, it } from "vitest";
import { envReferenceName, substituteEnv } from "./env-substitution.ts";

describe("substituteEnv replaces whole-string env(NAME) values, as the CLI's LoadEnvHook", () => {
  const env = { SITE: "http://localhost:5173", PORT: "6000", EMPTY: "" };

  it.each([
    ["a top-level value", { site_url: "env(SITE)" }, { site_url: "http://localhost:5173" }],
    [
      "a nested value",
      { auth: { external: { github: { secret: "env(SITE)" } } } },
      { auth: { external: { github: { secret: "http://localhost:5173" } } } },
    ],
    ["array items", { urls: ["env(SITE)", "x"] }, { urls: ["http://localhost:5173", "x"] }],
    ["a value later read as a number", { port: "env(PORT)" }, { port: "6000" }],
    ["an unset variable: keeps the literal", { secret: "env(MISSING)" }, { secret: "env(MISSING)" }],
    ["an empty variable: keeps the literal", { secret: "env(EMPTY)" }, { secret: "env(EMPTY)" }],
    [
      "only whole-string references",
      { note: "see env(SITE)", other: "env(SITE) " },
      { note: "see env(SITE)", other: "env(SITE) " },
    ],
    ["non-string values untouched", { n: 1, b: true, list: [1, 2] }, { n: 1, b: true, list: [1, 2] }],
  ])("%s", (_name, input, expected) => {
    expect(substituteEnv(input, env)).toEqual(expected);
  });

  it("does not modify its input", () => {
    const input = { site_url: "env(SITE)" };
    substituteEnv(input, env);
    expect(input.site_url).toBe("env(SITE)");
  });

  it("names the variable of an env() literal", () => {
    expect(envReferenceName("env(OPENAI_API_KEY)")).toBe("OPENAI_API_KEY");
    expect(envReferenceName("plain")).toBeUndefined();
    expect(envReferenceName(5)).toBeUndefined();
  });
});
