import { describe, expect, it } from "vitest";
import type { StackConfig } from "../../config/index.ts";
import { readAuthSettings } from "./settings.ts";

const read = (auth: unknown) => readAuthSettings({ auth } as unknown as StackConfig, "http://127.0.0.1:54321");

describe("readAuthSettings", () => {
  it("fills the CLI's defaults and derives the external URL and issuer", () => {
    const settings = read({});
    expect(settings).toMatchObject({
      site_url: "http://127.0.0.1:3000",
      externalUrl: "http://127.0.0.1:54321/auth/v1",
      issuer: "http://127.0.0.1:54321/auth/v1",
      jwt_expiry: 3600,
      refresh_token_reuse_interval: 10,
      mailerAutoconfirm: true,
      smsAutoconfirm: true,
      requiredCharacters: [],
    });
    expect(settings.email.max_frequency).toBe(1000);
    expect(settings.sessions).toEqual({ timebox: 0, inactivity_timeout: 0 });
  });

  it("reads Go durations as written in config.toml and milliseconds from the config module", () => {
    const settings = read({
      email: { max_frequency: "1m30s" },
      sessions: { timebox: "24h", inactivity_timeout: 5000 },
    });
    expect(settings.email.max_frequency).toBe(90_000);
    expect(settings.sessions).toEqual({ timebox: 86_400_000, inactivity_timeout: 5000 });
  });

  it("falls back to defaults for malformed values instead of failing", () => {
    expect(read({ jwt_expiry: "soon", email: "nope" }).jwt_expiry).toBe(3600);
  });

  it("maps password_requirements to GoTrue's character classes", () => {
    expect(read({ password_requirements: "lower_upper_letters_digits" }).requiredCharacters).toHaveLength(3);
  });
});
