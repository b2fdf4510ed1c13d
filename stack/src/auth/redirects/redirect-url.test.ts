import { describe, expect, it } from "vitest";
import { allowedRedirect, isRedirectAllowed, resolveRedirect } from "./redirect-url.ts";

const site = "http://localhost:3000";
const allow = [
  "http://localhost:3000/*",
  "https://app.example.com/**",
  "myapp://callback",
  "https://*.preview.example.com",
  "https://{a,b}.example.org/?",
];

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

describe("isRedirectAllowed refuses what a browser would read differently", () => {
  it.each([
    ["a backslash before user info", "http://evil.example\\@localhost:3000/"],
    ["backslashes as authority slashes", "http:\\\\evil.example/"],
    ["a backslash in a path", "http://localhost:3000/a\\b"],
    ["user info naming an allowed host", "https://app.example.com@evil.example/"],
    ["another host as user info", "https://evil.example@app.example.com/x"],
    ["empty user info", "http://@localhost:3000/welcome"],
    ["a percent-encoded backslash in user info", "http://evil.example%5c@localhost:3000/"],
    ["user info in a custom scheme", "myapp://evil@callback"],
    ["a percent-encoded slash in an opaque host", "myapp://callback%2fevil"],
    ["a scheme-relative address", "//evil.example/"],
    ["a relative path", "/welcome"],
    ["no slashes after the scheme", "https:app.example.com/x"],
    ["a tab in the host", "https://app.exa\tmple.com/x"],
    ["a newline in the scheme", "java\nscript:alert(1)"],
    ["a leading space", " https://app.example.com/x"],
    ["DEL", "https://app.example.com/\u007f"],
    ["a hexadecimal IPv4 host", "http://0x7f.0.0.1/"],
    ["a shortened IPv4 host", "http://127.1/"],
    ["an IDN lookalike", "https://\u0430pp.example.com/x"],
    ["a full-width host", "https://\uff41pp.example.com/x"],
    ["a trailing dot", "https://app.example.com./x"],
    ["a javascript: URL", "javascript:alert(1)"],
    ["a javascript: URL with a loopback authority", "javascript://127.0.0.1/%0aalert(1)"],
    ["a data: URL", "data:text/html,<script>alert(1)</script>"],
    ["an allowed host on another port", "https://app.example.com:8443/x"],
  ])("%s: %s", (_name, url) => {
    expect(isRedirectAllowed(site, [...allow, "javascript:**", "data:**"], url)).toBe(false);
  });
});

describe("allowedRedirect matches the parsed, normalised URL", () => {
  it.each([
    ["HTTP://LOCALHOST:3000/Welcome", "http://localhost:3000/Welcome"],
    ["HTTPS://APP.EXAMPLE.COM/a/../b", "https://app.example.com/b"],
    ["https://app.example.com/a?sb_flow_id=1#x", "https://app.example.com/a?sb_flow_id=1#x"],
    ["https://app.example.com:443/x", "https://app.example.com/x"],
    ["http://[::1]:8080/cb", "http://[::1]:8080/cb"],
  ])("%s → %s", (url, expected) => {
    expect(allowedRedirect(site, allow, url)).toBe(expected);
  });

  it("never matches a glob against the raw text: `**` cannot reach past the host", () => {
    expect(isRedirectAllowed(site, ["https://app.example.com**"], "https://app.example.com@evil.example/")).toBe(false);
    expect(isRedirectAllowed(site, ["https://app.example.com**"], "https://app.example.com/x")).toBe(true);
  });
});

describe("resolveRedirect", () => {
  it("falls back to an allowed Referer, then to site_url as configured", () => {
    expect(resolveRedirect(site, allow, "http://evil.example\\@localhost:3000/", "https://app.example.com/from")).toBe(
      "https://app.example.com/from",
    );
    expect(resolveRedirect(site, allow, "http://evil.example\\@localhost:3000/", "http://evil.example/")).toBe(site);
    expect(resolveRedirect(site, allow, undefined)).toBe(site);
  });
});
