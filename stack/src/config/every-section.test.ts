// Every table of the Supabase CLI's config.toml, in one file (fixtures/every-section.toml):
// it must load with no warning, and each value must arrive where the stack will look for it.
import { readFile } from "node:fs/promises";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadConfig, type LoadedConfig, type StackConfig } from "./index.ts";
import { createTempProject, type TempProject } from "./testing/temp-project.ts";

const env = {
  FIXTURE_ROOT_KEY: "root-key-from-env",
  FIXTURE_STRIPE_KEY: "sk_test_fixture",
  FIXTURE_SITE_URL: "http://127.0.0.1:5173",
  FIXTURE_CALLBACK_URL: "http://127.0.0.1:5173/auth/callback",
  FIXTURE_CAPTCHA_SECRET: "captcha-secret",
  FIXTURE_SMTP_PASS: "smtp-pass",
  FIXTURE_TEXTLOCAL_KEY: "textlocal-key",
  FIXTURE_GITHUB_CLIENT_ID: "github-client",
  FIXTURE_GITHUB_SECRET: "github-secret",
  FIXTURE_WEBHOOK_KEY: "webhook-key",
};

let project: TempProject;
let loaded: LoadedConfig;
let config: StackConfig;
// Expected paths are written under "<project>"; actual values have the temp folder replaced.
const inProject = (...parts: string[]) => path.join("<project>", ...parts);
const inSupabase = (...parts: string[]) => inProject("supabase", ...parts);
const portable = (value: unknown): unknown =>
  value === undefined ? value : JSON.parse(JSON.stringify(value).replaceAll(project.workdir, "<project>"));

beforeAll(async () => {
  const toml = await readFile(new URL("./fixtures/every-section.toml", import.meta.url), "utf8");
  project = await createTempProject(toml, {
    "supabase/certs/local.crt": "cert",
    "supabase/certs/local.key": "key",
    "supabase/keys/signing_keys.json": "[]",
    "supabase/templates/invite.html": "<p>invite</p>",
    "supabase/templates/password_changed.html": "<p>changed</p>",
  });
  loaded = await loadConfig({ workdir: project.workdir, env });
  config = loaded.config;
});
afterAll(() => project.remove());

describe("a config.toml using every section of the CLI's template", () => {
  it("loads without a single warning", () => {
    expect(loaded.warnings).toEqual([]);
  });

  it.each<[string, () => unknown, unknown]>([
    ["project_id", () => config.project_id, "fixture-project"],
    [
      "api",
      () => [config.api.port, config.api.max_rows, config.api.schemas.length, config.api.auto_expose_new_tables],
      [55321, 250, 3, false],
    ],
    [
      "api.tls",
      () => config.api.tls,
      { enabled: true, cert_path: inSupabase("certs/local.crt"), key_path: inSupabase("certs/local.key") },
    ],
    [
      "db",
      () => [
        config.db.port,
        config.db.shadow_port,
        config.db.health_timeout,
        config.db.major_version,
        config.db.root_key,
      ],
      [55322, 55320, 90_000, 15, "root-key-from-env"],
    ],
    [
      "db.pooler",
      () => config.db.pooler,
      { enabled: true, port: 55329, pool_mode: "session", default_pool_size: 5, max_client_conn: 50 },
    ],
    [
      "db.migrations",
      () => config.db.migrations,
      { enabled: false, schema_paths: [inSupabase("schemas/*.sql"), inSupabase("schemas/views.sql")] },
    ],
    ["db.seed", () => config.db.seed, { enabled: true, sql_paths: [inSupabase("seeds/*.sql")] }],
    [
      "db.settings",
      () => [
        Object.keys(config.db.settings).length,
        config.db.settings.session_replication_role,
        config.db.settings.max_connections,
      ],
      [23, "replica", 120],
    ],
    ["db.network_restrictions", () => config.db.network_restrictions.allowed_cidrs_v6, ["fd00::/8"]],
    ["db.ssl_enforcement", () => config.db.ssl_enforcement, { enabled: true }],
    ["db.vault", () => config.db.vault, { stripe_key: "sk_test_fixture" }],
    ["realtime", () => config.realtime, { enabled: false, ip_version: "IPv6", max_header_length: 8192 }],
    [
      "studio",
      () => config.studio,
      { enabled: false, port: 55323, api_url: "http://studio.fixture.test", openai_api_key: "sk-fixture" },
    ],
    [
      "inbucket",
      () => config.inbucket,
      {
        enabled: true,
        port: 55324,
        smtp_port: 55325,
        pop3_port: 55326,
        admin_email: "mailbox@fixture.test",
        sender_name: "Parley Fixture",
      },
    ],
    [
      "storage",
      () => [config.storage.file_size_limit, config.storage.image_transformation, config.storage.s3_protocol],
      [10 * 1024 ** 2, { enabled: true }, { enabled: false }],
    ],
    [
      "storage.buckets.avatars",
      () => config.storage.buckets.avatars,
      {
        public: true,
        file_size_limit: 1024 ** 2,
        allowed_mime_types: ["image/png", "image/*"],
        objects_path: inSupabase("buckets/avatars"),
      },
    ],
    [
      "storage.buckets.attachments",
      () => config.storage.buckets.attachments,
      { public: false, file_size_limit: 10 * 1024 ** 2, objects_path: "" },
    ],
    [
      "storage.analytics",
      () => config.storage.analytics,
      { enabled: true, max_namespaces: 3, max_tables: 7, max_catalogs: 1, buckets: { "events-warehouse": {} } },
    ],
    [
      "storage.vector",
      () => config.storage.vector,
      { enabled: true, max_buckets: 4, max_indexes: 2, buckets: { "message-embeddings": {} } },
    ],
    [
      "auth",
      () => [
        config.auth.site_url,
        config.auth.jwt_expiry,
        config.auth.minimum_password_length,
        config.auth.password_requirements,
      ],
      ["http://127.0.0.1:5173", 1800, 10, "lower_upper_letters_digits_symbols"],
    ],
    [
      "auth.additional_redirect_urls",
      () => config.auth.additional_redirect_urls,
      ["http://127.0.0.1:5173/**", "http://127.0.0.1:5173/auth/callback"],
    ],
    [
      "auth keys",
      () => [config.auth.jwt_secret.length, config.auth.anon_key, config.auth.publishable_key],
      [43, "fixture-anon-key", "sb_publishable_fixture"],
    ],
    ["auth.signing_keys_path", () => config.auth.signing_keys_path, inSupabase("keys/signing_keys.json")],
    [
      "auth.passkey and webauthn",
      () => [config.auth.passkey, config.auth.webauthn?.rp_origins],
      [{ enabled: true }, ["http://fixture.test:5173"]],
    ],
    ["auth.rate_limit", () => Object.values(config.auth.rate_limit), [5, 6, 7, 8, 9, 11, 12]],
    ["auth.captcha", () => config.auth.captcha, { enabled: true, provider: "turnstile", secret: "captcha-secret" }],
    [
      "auth.email",
      () => [
        config.auth.email.enable_confirmations,
        config.auth.email.max_frequency,
        config.auth.email.otp_length,
        config.auth.email.otp_expiry,
      ],
      [true, 30_000, 8, 600],
    ],
    [
      "auth.email.smtp (enabled by being written)",
      () => config.auth.email.smtp,
      {
        enabled: true,
        host: "smtp.fixture.test",
        port: 2525,
        user: "parley",
        pass: "smtp-pass",
        admin_email: "noreply@fixture.test",
        sender_name: "Parley",
      },
    ],
    [
      "auth.email.template.invite (relative to the project folder, as the CLI)",
      () => config.auth.email.template.invite,
      { subject: "Join the workspace", content_path: inProject("supabase/templates/invite.html") },
    ],
    [
      "auth.email.template.magic_link",
      () => config.auth.email.template.magic_link,
      { subject: "Your sign-in link", content_path: "" },
    ],
    [
      "auth.email.notification.password_changed",
      () => config.auth.email.notification.password_changed,
      { enabled: true, subject: "Password changed", content_path: inSupabase("templates/password_changed.html") },
    ],
    [
      "auth.sms",
      () => [config.auth.sms.enable_signup, config.auth.sms.template, config.auth.sms.max_frequency],
      [true, "Parley code: {{ .Code }}", 60_000],
    ],
    [
      "auth.sms.textlocal",
      () => config.auth.sms.textlocal,
      { enabled: true, sender: "Parley", api_key: "textlocal-key" },
    ],
    ["auth.sms.test_otp", () => config.auth.sms.test_otp, { "15550100": "123456", "4915550100": "654321" }],
    ["auth.sessions (ms)", () => config.auth.sessions, { timebox: 86_400_000, inactivity_timeout: 5_400_000 }],
    [
      "auth.hook",
      () => Object.keys(config.auth.hook).sort(),
      [
        "before_user_created",
        "custom_access_token",
        "mfa_verification_attempt",
        "password_verification_attempt",
        "send_email",
        "send_sms",
      ],
    ],
    ["auth.hook.send_email", () => config.auth.hook.send_email?.uri, "http://127.0.0.1:54321/functions/v1/send-email"],
    [
      "auth.mfa",
      () => [
        config.auth.mfa.max_enrolled_factors,
        config.auth.mfa.totp,
        config.auth.mfa.phone.max_frequency,
        config.auth.mfa.web_authn.enroll_enabled,
      ],
      [3, { enroll_enabled: true, verify_enabled: true }, 10_000, true],
    ],
    [
      "auth.external.github",
      () => config.auth.external.github,
      {
        enabled: true,
        client_id: "github-client",
        secret: "github-secret",
        url: "",
        redirect_uri: "http://127.0.0.1:55321/auth/v1/callback",
        skip_nonce_check: false,
        email_optional: true,
      },
    ],
    ["auth.external providers", () => Object.keys(config.auth.external).sort(), ["github", "google", "keycloak"]],
    ["auth.web3", () => config.auth.web3, { solana: { enabled: true }, ethereum: { enabled: true } }],
    [
      "auth.third_party.clerk",
      () => config.auth.third_party.clerk,
      { enabled: true, domain: "fixture.clerk.accounts.dev" },
    ],
    [
      "auth.oauth_server",
      () => config.auth.oauth_server,
      { enabled: true, authorization_url_path: "/consent", allow_dynamic_registration: true },
    ],
    [
      "edge_runtime",
      () => config.edge_runtime,
      {
        enabled: true,
        policy: "oneshot",
        inspector_port: 9229,
        deno_version: 1,
        secrets: { PARLEY_WEBHOOK_KEY: "webhook-key" },
      },
    ],
    [
      "functions.send-email",
      () => config.functions["send-email"],
      {
        enabled: true,
        verify_jwt: false,
        import_map: "",
        entrypoint: inSupabase("functions/send-email/index.ts"),
        static_files: [inSupabase("functions/send-email/templates/*.html")],
      },
    ],
    [
      "functions.digest",
      () => config.functions.digest,
      {
        enabled: false,
        verify_jwt: true,
        import_map: inSupabase("functions/import_map.json"),
        entrypoint: inSupabase("functions/digest/main.ts"),
        static_files: [],
      },
    ],
    [
      "analytics",
      () => config.analytics,
      {
        enabled: true,
        port: 55327,
        backend: "bigquery",
        gcp_project_id: "fixture-gcp",
        gcp_project_number: "123456789",
        gcp_jwt_path: "gcloud.json",
        vector_port: 55328,
      },
    ],
    [
      "experimental",
      () => [
        config.experimental.s3_host,
        config.experimental.webhooks,
        config.experimental.pgdelta?.declarative_schema_path,
        config.experimental.inspect.rules.length,
      ],
      ["", { enabled: true }, inSupabase("database"), 1],
    ],
  ])("reads %s", (_section, read, expected) => {
    expect(portable(read())).toEqual(expected);
  });

  it("keeps [remotes.staging] as the whole config with its overrides laid over", () => {
    const staging = config.remotes.staging;
    expect(staging?.project_id).toBe("abcdefghijklmnopqrst");
    expect(staging?.api.max_rows).toBe(500);
    expect(staging?.api.port).toBe(55321);
    expect(staging?.auth.site_url).toBe("https://staging.fixture.test");
    expect(staging?.storage.buckets.avatars?.allowed_mime_types).toEqual(["image/webp"]);
    expect(staging?.storage.buckets.avatars?.public).toBe(true);
    expect(staging?.db.seed.enabled).toBe(false);
  });
});
