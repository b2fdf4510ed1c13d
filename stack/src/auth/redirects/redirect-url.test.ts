import { describe, expect, it } from "vitest";
import { isRedirectAllowed } from "./redirect-url.ts";

const site = "http://localhost:3000";
const allow = ["http://localhost:3000/*", "https://app.example.com/**", "myapp://callback", "https://*.preview.example.com", "https://{a,b}.example.org/?"];

describe("isRedirectAllowed (GoTrue globs with . and / separators)", () => {
  it.each([
    ["http://localhost:3000/welcome", true],
    ["http://localhost:4000/any/depth", true],
    ["http://127.0.0.1:9999/x", true],
    ["https://app.example.com/a/b/c", true],
    ["https://app.example.com/a#frag", true],
    ["myapp://callback", true],
    ["https://pr-1.preview.example.com", true],
    ["https://a.b.preview.example.com", false],
    ["https://b.example.org/x", true],
    ["https://c.example.org/x", false],
    ["https://evil.com/http://localhost:3000/x", false],
    ["http://2130706433/", false],
    ["http://10.0.0.1/", false],
    ["https://example.com/", false],
    ["not a url", false],
    ["", false],
  ])("%s → %s", (url, expected) => {
    expect(isRedirectAllowed(site, allow, url)).toBe(expected);
  });
});
