// The checks of the CLI's config.Validate, seen through loadConfig: what fails, with which key,
// and what only warns.
import { afterEach, describe, expect, it } from "vitest";
import { ConfigError, loadConfig, type StackConfig } from "./index.ts";
import { createTempProject, type TempProject } from "./testing/temp-project.ts";

const projects: TempProject[] = [];
afterEach(async () => {
  await Promise.all(projects.splice(0).map((project) => project.remove()));
});

/** Loads `toml`, with project_id = "parley" in front unless it sets project_id itself. */
async function load(toml: string) {
  const project = await createTempProject(toml.startsWith("project_id") ? toml : `project_id = "parley"\n${toml}`);
  projects.push(project);
  return loadConfig({ workdir: project.workdir, env: {} });
}

const hookSecret = "v1,whsec_aGVsbG8tcGFybGV5LWhvb2stc2VjcmV0LTEyMzQ1Ng==";

describe("values the CLI refuses", () => {
  it.each([
    ["a short JWT secret", '[auth]\njwt_secret = "too-short"', "auth.jwt_secret", "at least 16 characters"],
    ["a site_url that is not a URL", '[auth]\nsite_url = "127.0.0.1:3000"', "auth.site_url", "must be an absolute URL"],
    ["an empty site_url", '[auth]\nsite_url = ""', "auth.site_url", "is required when auth is enabled"],
    [
      "an unsupported Postgres",
      "[db]\nmajor_version = 16",
      "db.major_version",
      "must be one of 13, 14, 15, 17 (got 16)",
    ],
    ["Postgres 12", "[db]\nmajor_version = 12", "db.major_version", "unsupported"],
    [
      "an unknown Deno major",
      "[edge_runtime]\ndeno_version = 3",
      "edge_runtime.deno_version",
      "must be 1 or 2 (got 3)",
    ],
    ["a bad function name", "[functions.1st]", "functions.1st", "is not a valid function name"],
    ["a bad bucket name", '[storage.buckets."a/b"]', 'storage.buckets."a/b"', "is not a valid bucket name"],
    [
      "a malformed MIME type",
      '[storage.buckets.avatars]\nallowed_mime_types = ["png"]',
      "storage.buckets.avatars.allowed_mime_types[0]",
      'must be a MIME type such as "image/png" or "image/*" (got "png")',
    ],
    [
      "captcha without a provider",
      '[auth.captcha]\nenabled = true\nsecret = "x"',
      "auth.captcha.provider",
      "is required when auth.captcha is enabled",
    ],
    [
      "an unknown captcha provider",
      '[auth.captcha]\nenabled = true\nprovider = "recaptcha"',
      "auth.captcha.provider",
      'must be one of "hcaptcha", "turnstile"',
    ],
    [
      "SMTP without a host",
      "[auth.email.smtp]\nport = 587",
      "auth.email.smtp.host",
      "is required when auth.email.smtp is enabled",
    ],
    [
      "a template's inline content",
      '[auth.email.template.invite]\ncontent = "<p>hi</p>"',
      "auth.email.template.invite.content",
      "set content_path instead",
    ],
    [
      "a missing template file",
      '[auth.email.template.invite]\ncontent_path = "./supabase/templates/invite.html"',
      "auth.email.template.invite.content_path",
      "cannot be read",
    ],
    [
      "a missing signing keys file",
      '[auth]\nsigning_keys_path = "./signing_keys.json"',
      "auth.signing_keys_path",
      "cannot be read",
    ],
    [
      "a TLS cert without its key",
      '[api.tls]\nenabled = true\ncert_path = "cert.pem"',
      "api.tls.key_path",
      "is required when api.tls.cert_path is set",
    ],
    [
      "an enabled provider without client_id",
      "[auth.external.github]\nenabled = true\nsecret = 'x'",
      "auth.external.github.client_id",
      "is required when auth.external.github is enabled",
    ],
    [
      "an enabled provider without secret",
      "[auth.external.github]\nenabled = true\nclient_id = 'x'",
      "auth.external.github.secret",
      "is required",
    ],
    [
      "a provider the emulator cannot serve, without credentials",
      "[auth.external.fly]\nenabled = true",
      "auth.external.fly.client_id",
      "is required",
    ],
    [
      "an enabled SMS provider without its token",
      "[auth.sms.twilio]\nenabled = true\naccount_sid = 'a'\nmessage_service_sid = 'b'\nauth_token = ''",
      "auth.sms.twilio.auth_token",
      "is required when auth.sms.twilio is enabled",
    ],
    [
      "a hook without uri",
      "[auth.hook.custom_access_token]\nenabled = true",
      "auth.hook.custom_access_token.uri",
      "is required",
    ],
    [
      "a hook with another scheme",
      "[auth.hook.send_email]\nenabled = true\nuri = 'ftp://x'",
      "auth.hook.send_email.uri",
      "must be an http://, https:// or pg-functions:// URI",
    ],
    [
      "an HTTP hook with a malformed secret",
      "[auth.hook.send_email]\nenabled = true\nuri = 'https://x'\nsecrets = 'whsec_x'",
      "auth.hook.send_email.secrets",
      'must be "v1,whsec_',
    ],
    [
      "a pg-functions hook with secrets",
      `[auth.hook.send_sms]\nenabled = true\nuri = 'pg-functions://postgres/public/f'\nsecrets = '${hookSecret}'`,
      "auth.hook.send_sms.secrets",
      "is not supported for a pg-functions:// hook",
    ],
    [
      "MFA enrolment without verification",
      "[auth.mfa.totp]\nenroll_enabled = true\nverify_enabled = false",
      "auth.mfa.totp.enroll_enabled",
      "requires auth.mfa.totp.verify_enabled",
    ],
    [
      "two third-party issuers",
      "[auth.third_party.firebase]\nenabled = true\nproject_id = 'p'\n[auth.third_party.auth0]\nenabled = true\ntenant = 't'",
      "auth.third_party",
      "only one provider",
    ],
    [
      "a Clerk domain of the wrong shape",
      "[auth.third_party.clerk]\nenabled = true\ndomain = 'example.com'",
      "auth.third_party.clerk.domain",
      "must look like",
    ],
    [
      "passkeys without [auth.webauthn]",
      "[auth.passkey]\nenabled = true",
      "auth.webauthn",
      "is required when auth.passkey is enabled",
    ],
    [
      "BigQuery analytics without its project",
      "[analytics]\nbackend = 'bigquery'",
      "analytics.gcp_project_id",
      'is required when analytics.backend is "bigquery"',
    ],
    [
      "webhooks turned off",
      "[experimental.webhooks]\nenabled = false",
      "experimental.webhooks.enabled",
      "cannot be false",
    ],
    [
      "pg-delta options that are not JSON",
      "[experimental.pgdelta]\nformat_options = '{x'",
      "experimental.pgdelta.format_options",
      "must be valid JSON",
    ],
    [
      "two remotes for one project",
      "[remotes.a]\nproject_id = 'abcdefghijklmnopqrst'\n[remotes.b]\nproject_id = 'abcdefghijklmnopqrst'",
      "remotes.b.project_id",
      "repeats remotes.a.project_id",
    ],
    ["an empty project_id", 'project_id = ""', "project_id", "must not be empty"],
  ])("%s", async (_name, toml, key, message) => {
    const error = await load(toml).then(
      () => undefined,
      (reason: unknown) => reason,
    );
    expect(error).toBeInstanceOf(ConfigError);
    expect((error as ConfigError).key).toBe(key);
    expect((error as ConfigError).message).toContain(`${key} `);
    expect((error as ConfigError).message).toContain(message);
  });

  it("skips auth checks when auth is disabled, as the CLI", async () => {
    await expect(load('[auth]\nenabled = false\njwt_secret = "short"\nsite_url = ""')).resolves.toBeDefined();
  });

  it("accepts what the CLI accepts", async () => {
    const loaded = await load(
      [
        "[auth.external.apple]\nenabled = true\nclient_id = 'apple-client'",
        `[auth.hook.send_email]\nenabled = true\nuri = 'https://hooks.test/email'\nsecrets = '${hookSecret}|${hookSecret}'`,
        "[auth.hook.custom_access_token]\nenabled = true\nuri = 'pg-functions://postgres/public/claims'",
        "[storage.buckets.\"Team files (2024)\"]\nallowed_mime_types = ['application/vnd.ms-excel', 'text/*']",
      ].join("\n"),
    );
    expect(loaded.warnings).toEqual([]);
  });
});

describe("providers served by the OAuth emulator", () => {
  it.each([
    ["no credentials", "[auth.external.github]\nenabled = true\n[auth.external.google]\nenabled = true"],
    [
      "unset env() credentials",
      "[auth.external.github]\nenabled = true\nclient_id = 'env(PARLEY_TEST_UNSET_ID)'\nsecret = 'env(PARLEY_TEST_UNSET_SECRET)'",
    ],
  ])("loads an enabled provider with %s, without errors or warnings", async (_name, toml) => {
    const loaded = await load(toml);
    expect(loaded.warnings).toEqual([]);
    expect(loaded.config.auth.external.github?.enabled).toBe(true);
  });
});

describe("what the CLI only warns about", () => {
  it.each<[string, string, string, (config: StackConfig) => boolean]>([
    [
      "phone sign-up without a provider (and turns it off)",
      "[auth.sms]\nenable_signup = true",
      "no SMS provider is enabled",
      (config) => !config.auth.sms.enable_signup,
    ],
    [
      "a deprecated provider (and drops it)",
      "[auth.external.slack]\nenabled = true\nclient_id = 'x'\nsecret = 'y'",
      "use [auth.external.slack_oidc]",
      (config) => !("slack" in config.auth.external),
    ],
    [
      "an invalid project_id (and fixes it)",
      'project_id = "my project"',
      'using "my_project"',
      (config) => config.project_id === "my_project",
    ],
    [
      "an enabled provider's unset secret variable",
      "[auth.external.github]\nenabled = true\nclient_id = 'x'\nsecret = 'env(GH_SECRET)'",
      "environment variable GH_SECRET is not set",
      () => true,
    ],
  ])("%s", async (_name, toml, warning, check) => {
    const loaded = await load(toml);
    expect(loaded.warnings).toEqual([expect.stringContaining(warning)]);
    expect(check(loaded.config)).toBe(true);
  });
});
