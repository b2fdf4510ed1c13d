import { describe, expect, it } from "vitest";
import { parseBackendConfig, resolveBackendConfig } from "./backend-config";

describe("parseBackendConfig", () => {
  it("accepts an http URL and a key, dropping a trailing slash", () => {
    expect(
      parseBackendConfig({
        VITE_SUPABASE_URL: " http://127.0.0.1:54321/ ",
        VITE_SUPABASE_PUBLISHABLE_KEY: "sb_publishable_x",
      }),
    ).toEqual({ ok: true, config: { url: "http://127.0.0.1:54321", publishableKey: "sb_publishable_x" } });
  });

  it("reports both variables as missing when unset or blank", () => {
    expect(parseBackendConfig({ VITE_SUPABASE_URL: "  " })).toEqual({
      ok: false,
      problems: [
        { variable: "VITE_SUPABASE_URL", reason: "missing" },
        { variable: "VITE_SUPABASE_PUBLISHABLE_KEY", reason: "missing" },
      ],
    });
  });

  it.each(["localhost:54321", "ftp://example.com", "not a url"])("refuses %s as the backend URL", (url) => {
    expect(parseBackendConfig({ VITE_SUPABASE_URL: url, VITE_SUPABASE_PUBLISHABLE_KEY: "k" })).toEqual({
      ok: false,
      problems: [{ variable: "VITE_SUPABASE_URL", reason: "invalidUrl" }],
    });
  });
});

describe("resolveBackendConfig", () => {
  const built = { VITE_SUPABASE_URL: "http://127.0.0.1:54321", VITE_SUPABASE_PUBLISHABLE_KEY: "sb_publishable_built" };

  it("prefers the server's run-time key, with the page's origin as the API", () => {
    expect(
      resolveBackendConfig(built, { publishableKey: "sb_publishable_server" }, "https://chat.example.com"),
    ).toEqual({
      ok: true,
      config: { url: "https://chat.example.com", publishableKey: "sb_publishable_server" },
    });
  });

  it("keeps the build's settings when the server sets nothing", () => {
    expect(resolveBackendConfig(built, undefined, "https://chat.example.com")).toEqual({
      ok: true,
      config: { url: "http://127.0.0.1:54321", publishableKey: "sb_publishable_built" },
    });
  });

  it("reports a blank run-time key as missing", () => {
    expect(resolveBackendConfig({}, { publishableKey: " " }, "https://chat.example.com")).toEqual({
      ok: false,
      problems: [{ variable: "VITE_SUPABASE_PUBLISHABLE_KEY", reason: "missing" }],
    });
  });
});
