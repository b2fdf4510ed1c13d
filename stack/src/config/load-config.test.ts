import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterEach, describe, expect, it } from "vitest";
import { ConfigError, loadConfig, type LoadedConfig } from "./index.ts";
import { createTempProject, type TempProject } from "./testing/temp-project.ts";

const projects: TempProject[] = [];
afterEach(async () => {
  await Promise.all(projects.splice(0).map((project) => project.remove()));
});

async function load(toml: string | undefined, env: Record<string, string> = {}, files: Record<string, string> = {}) {
  const project = await createTempProject(toml, files);
  projects.push(project);
  return { project, loaded: await loadConfig({ workdir: project.workdir, env }) };
}

async function loadError(toml: string | undefined, env: Record<string, string> = {}): Promise<ConfigError> {
  const error = await load(toml, env).then(
    () => undefined,
    (reason: unknown) => reason,
  );
  expect(error).toBeInstanceOf(ConfigError);
  return error as ConfigError;
}

describe("loadConfig: defaults", () => {
  it("fills an empty [api] with the CLI's defaults and warns about nothing", async () => {
    const { loaded } = await load('project_id = "parley"\n[api]\n');
    expect(loaded.config.api).toEqual({
      enabled: true,
      port: 54321,
      schemas: ["public", "graphql_public"],
      extra_search_path: ["public", "extensions"],
      max_rows: 1000,
      external_url: "",
      tls: { enabled: false, cert_path: "", key_path: "" },
    });
    expect(loaded.warnings).toEqual([]);
  });

  it.each<[string, (loaded: LoadedConfig) => unknown, unknown]>([
    ["db.port", (l) => l.config.db.port, 54322],
    ["db.major_version", (l) => l.config.db.major_version, 17],
    ["db.health_timeout (ms)", (l) => l.config.db.health_timeout, 120_000],
    ["db.seed.enabled", (l) => l.config.db.seed.enabled, true],
    ["inbucket.port", (l) => l.config.inbucket.port, 54324],
    ["inbucket.smtp_port (not exposed)", (l) => l.config.inbucket.smtp_port, undefined],
    ["storage.file_size_limit (bytes)", (l) => l.config.storage.file_size_limit, 50 * 1024 * 1024],
    ["storage.s3_protocol.enabled", (l) => l.config.storage.s3_protocol.enabled, true],
    ["auth.site_url", (l) => l.config.auth.site_url, "http://127.0.0.1:3000"],
    ["auth.jwt_expiry", (l) => l.config.auth.jwt_expiry, 3600],
    ["auth.refresh_token_reuse_interval", (l) => l.config.auth.refresh_token_reuse_interval, 10],
    ["auth.minimum_password_length", (l) => l.config.auth.minimum_password_length, 6],
    ["auth.password_requirements", (l) => l.config.auth.password_requirements, ""],
    ["auth.email.max_frequency (ms)", (l) => l.config.auth.email.max_frequency, 1000],
    ["auth.email.smtp (absent)", (l) => l.config.auth.email.smtp, undefined],
    ["auth.sms.template", (l) => l.config.auth.sms.template, "Your code is {{ .Code }}"],
    ["auth.mfa.phone.max_frequency (ms)", (l) => l.config.auth.mfa.phone.max_frequency, 5000],
    ["auth.rate_limit.token_refresh", (l) => l.config.auth.rate_limit.token_refresh, 150],
    ["edge_runtime.policy", (l) => l.config.edge_runtime.policy, "per_worker"],
    ["analytics.backend", (l) => l.config.analytics.backend, "postgres"],
    ["functions", (l) => l.config.functions, {}],
    ["remotes", (l) => l.config.remotes, {}],
  ])("defaults %s as the CLI", async (_key, read, expected) => {
    const { loaded } = await load('project_id = "parley"\n');
    expect(read(loaded)).toEqual(expected);
  });

  it("names the project after its folder when project_id is absent, as `supabase init`", async () => {
    const { project, loaded } = await load("");
    expect(loaded.config.project_id).toBe(path.basename(project.workdir));
    expect(loaded.path).toBe(path.join(project.workdir, "supabase", "config.toml"));
  });

  it("defaults a declared function to enabled, verify_jwt and supabase/functions/<name>/index.ts", async () => {
    const { project, loaded } = await load("[functions.hello]\n", {}, { "supabase/functions/hello/deno.json": "{}" });
    const functionsDir = path.join(project.workdir, "supabase", "functions", "hello");
    expect(loaded.config.functions.hello).toEqual({
      enabled: true,
      verify_jwt: true,
      entrypoint: path.join(functionsDir, "index.ts"),
      import_map: path.join(functionsDir, "deno.json"),
      static_files: [],
    });
  });

  it("gives a bucket storage.file_size_limit when it sets none, and resolves its objects_path", async () => {
    const { project, loaded } = await load(
      '[storage]\nfile_size_limit = "5MB"\n[storage.buckets.avatars]\nobjects_path = "./avatars"\n',
    );
    expect(loaded.config.storage.buckets.avatars).toEqual({
      file_size_limit: 5 * 1024 * 1024,
      objects_path: path.join(project.workdir, "supabase", "avatars"),
    });
  });
});

describe("loadConfig: env(NAME)", () => {
  it.each<[string, string, Record<string, string>, (loaded: LoadedConfig) => unknown, unknown]>([
    [
      "a string",
      '[auth]\nsite_url = "env(SITE_URL)"',
      { SITE_URL: "http://localhost:5173" },
      (l) => l.config.auth.site_url,
      "http://localhost:5173",
    ],
    ["a number", '[api]\nport = "env(API_PORT)"', { API_PORT: "6000" }, (l) => l.config.api.port, 6000],
    [
      "a boolean",
      '[auth]\nenable_signup = "env(SIGNUP)"',
      { SIGNUP: "false" },
      (l) => l.config.auth.enable_signup,
      false,
    ],
    [
      "a size",
      '[storage]\nfile_size_limit = "env(LIMIT)"',
      { LIMIT: "1GiB" },
      (l) => l.config.storage.file_size_limit,
      1024 ** 3,
    ],
    [
      "an array item",
      '[auth]\nadditional_redirect_urls = ["env(CALLBACK)"]',
      { CALLBACK: "http://x/cb" },
      (l) => l.config.auth.additional_redirect_urls,
      ["http://x/cb"],
    ],
    [
      "a user-named table's value",
      '[auth.external.github]\nsecret = "env(GH)"',
      { GH: "s3cret" },
      (l) => l.config.auth.external.github?.secret,
      "s3cret",
    ],
    ["a template default", "", { OPENAI_API_KEY: "sk-1" }, (l) => l.config.studio.openai_api_key, "sk-1"],
    [
      "an unset variable: the literal stays",
      '[studio]\nopenai_api_key = "env(NOPE)"',
      {},
      (l) => l.config.studio.openai_api_key,
      "env(NOPE)",
    ],
  ])("substitutes %s", async (_name, toml, env, read, expected) => {
    const { loaded } = await load(toml, env);
    expect(read(loaded)).toEqual(expected);
  });

  it("reads variables from supabase/.env, with the process environment winning", async () => {
    const { loaded } = await load(
      '[auth]\nsite_url = "env(SITE_URL)"\njwt_secret = "env(JWT)"',
      { JWT: "from-the-process-environment" },
      { "supabase/.env": "SITE_URL=http://from-dotenv:3000\nJWT=from-dotenv-file-0123456789\n" },
    );
    expect(loaded.config.auth.site_url).toBe("http://from-dotenv:3000");
    expect(loaded.config.auth.jwt_secret).toBe("from-the-process-environment");
  });

  it("warns when a used value names an unset variable, as the CLI", async () => {
    const { loaded } = await load('[auth]\nsite_url = "env(SITE_URL)"');
    expect(loaded.warnings).toEqual([
      expect.stringMatching(
        /^supabase[/\\]config\.toml: auth\.site_url is "env\(SITE_URL\)" but environment variable SITE_URL is not set/,
      ),
    ]);
  });

  it("errors when an unset variable lands in a number, naming the variable", async () => {
    const error = await loadError('[api]\nport = "env(API_PORT)"');
    expect(error.message).toContain("api.port must be an integer between 1 and 65535");
    expect(error.message).toContain("environment variable API_PORT is not set");
  });

  it("applies SUPABASE_<KEY> overrides over the file", async () => {
    const { loaded } = await load("[api]\nport = 54321", {
      SUPABASE_API_PORT: "6100",
      SUPABASE_DB_SEED_ENABLED: "false",
    });
    expect(loaded.config.api.port).toBe(6100);
    expect(loaded.config.db.seed.enabled).toBe(false);
  });
});

describe("loadConfig: unknown keys", () => {
  it.each([
    ["[api]\nfoo = 1", "api.foo"],
    ["colour = 'blue'", "colour"],
    ["[api.tls]\nenabled = false\nca_path = 'x'", "api.tls.ca_path"],
    ["[auth.external.github]\nclient = 'x'", "auth.external.github.client"],
    ["[functions.hello]\nverify = false", "functions.hello.verify"],
    ["[storage.buckets.avatars]\nmax_size = 1", "storage.buckets.avatars.max_size"],
    ["[remotes.prod]\nproject_id = 'abcdefghijklmnopqrst'\n[remotes.prod.api]\nbar = 1", "remotes.prod.api.bar"],
  ])("warns and drops %j", async (toml, key) => {
    const { loaded } = await load(toml);
    expect(loaded.warnings).toEqual([`${path.join("supabase", "config.toml")}: unknown key "${key}" is ignored`]);
  });

  it("still loads the known keys beside an unknown one", async () => {
    const { loaded } = await load("[api]\nfoo = 1\nport = 6000");
    expect(loaded.config.api.port).toBe(6000);
    expect(loaded.config.api).not.toHaveProperty("foo");
  });
});

describe("loadConfig: bad values", () => {
  const label = path.join("supabase", "config.toml");
  it.each([
    ['[api]\nport = "abc"', "api.port", `${label}: api.port must be an integer between 1 and 65535 (got "abc")`],
    ["[api]\nport = 70000", "api.port", "api.port must be an integer between 1 and 65535 (got 70000)"],
    ["[api]\nmax_rows = -1", "api.max_rows", "api.max_rows must be a non-negative integer (got -1)"],
    ["[api]\nenabled = 'yes'", "api.enabled", 'api.enabled must be true or false (got "yes")'],
    ["[api]\nschemas = [1, true]", "api.schemas", "api.schemas must be an array of strings"],
    ["api = 5", "api", "api must be a table (got 5)"],
    [
      '[storage]\nfile_size_limit = "50 megabytes"',
      "storage.file_size_limit",
      'storage.file_size_limit must be a size such as "50MiB"',
    ],
    [
      '[auth.email]\nmax_frequency = "1 second"',
      "auth.email.max_frequency",
      'auth.email.max_frequency must be a duration such as "5s"',
    ],
    ["[auth.email]\nmax_frequency = 5", "auth.email.max_frequency", "auth.email.max_frequency must be a duration"],
    [
      '[auth]\npassword_requirements = "strong"',
      "auth.password_requirements",
      'must be one of "", "letters_digits", "lower_upper_letters_digits", "lower_upper_letters_digits_symbols" (got "strong")',
    ],
    ['[db.pooler]\npool_mode = "statement"', "db.pooler.pool_mode", 'must be one of "transaction", "session"'],
    ['[edge_runtime]\npolicy = "always"', "edge_runtime.policy", 'must be one of "per_worker", "oneshot"'],
    ['[realtime]\nip_version = "v6"', "realtime.ip_version", 'must be one of "IPv4", "IPv6"'],
    ["[functions]\nhello = true", "functions.hello", "functions.hello must be a table (got true)"],
    [
      '[storage.buckets."my bucket?"]\npublic = "maybe"',
      'storage.buckets."my bucket?".public',
      'storage.buckets."my bucket?".public must be true or false',
    ],
    [
      "[remotes.prod]\nproject_id = 'prod'",
      "remotes.prod.project_id",
      "remotes.prod.project_id must be a project ref of 20 lowercase letters",
    ],
    [
      "[remotes.prod]\nproject_id = 'abcdefghijklmnopqrst'\n[remotes.prod.api]\nport = 'x'",
      "remotes.prod.api.port",
      "remotes.prod.api.port must be an integer between 1 and 65535",
    ],
  ])("%j is an error naming %s", async (toml, key, message) => {
    const error = await loadError(toml);
    expect(error.key).toBe(key);
    expect(error.message).toContain(message);
    expect(error.message.startsWith(`${label}: `)).toBe(true);
    expect(error.file).toMatch(/supabase[/\\]config\.toml$/);
  });

  it("reports every bad value at once", async () => {
    const error = await loadError("[api]\nport = 0\nmax_rows = 'many'\n[db]\nport = 'x'");
    expect(error.problems).toHaveLength(3);
    expect(error.problems.map((problem) => problem.split(" ")[1])).toEqual(["api.port", "api.max_rows", "db.port"]);
  });
});

describe("loadConfig: the file itself", () => {
  it("explains how to create a missing config.toml", async () => {
    const error = await loadError(undefined);
    expect(error.message).toMatch(/supabase[/\\]config\.toml not found/);
    expect(error.message).toContain("supabase init");
  });

  it("names line and column of a TOML syntax error", async () => {
    const error = await loadError('project_id = "parley"\n\n[api]\nport = = 1\n');
    expect(error.message).toMatch(/^supabase[/\\]config\.toml: TOML syntax error at line 4, column \d+: /);
    expect(error.key).toBeUndefined();
  });
});

describe("loadConfig: Parley's own supabase/config.toml", () => {
  it("loads without warnings", async () => {
    const repositoryRoot = fileURLToPath(new URL("../../../", import.meta.url));
    const loaded = await loadConfig({ workdir: repositoryRoot, env: {} });
    expect(loaded.warnings).toEqual([]);
    expect(loaded.config.project_id).toBe("parley");
  });
});
