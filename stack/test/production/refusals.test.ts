// `parley-stack start --production` refuses every unsafe setting before it starts anything: exit
// code 1 and a message naming the setting (and its file) to change.
import { SignJWT } from "jose";
import { mkdir, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { cliEnv, runCli } from "../support/cli.ts";
import { tempProject, type TempProject } from "../support/project.ts";

const webDist = fileURLToPath(new URL("../fixtures/web-dist", import.meta.url));
const strongSecret = "a-production-secret-that-is-long-enough-0123456789";

let project: TempProject;
beforeAll(async () => {
  project = await tempProject("production");
});
afterAll(() => project.remove());

/** The CLI's env without anything from the runner that would change the config. */
async function env(extra: Record<string, string>): Promise<NodeJS.ProcessEnv> {
  const base = Object.fromEntries(
    Object.entries(await cliEnv(project.dataDir)).filter(
      ([name]) => !name.startsWith("SUPABASE_") && !name.startsWith("GOTRUE_"),
    ),
  );
  return { ...base, PARLEY_TEST_JWT_SECRET: strongSecret, ...extra };
}

const start = async (flags: string[], extra: Record<string, string> = {}) =>
  runCli(["start", "--workdir", project.workdir, "--web-dir", webDist, ...flags], await env(extra));

/** A token shaped like the Supabase CLI's published demo anon key (`iss: supabase-demo`). */
const demoAnonKey = () =>
  new SignJWT({ role: "anon" })
    .setProtectedHeader({ alg: "HS256" })
    .setIssuer("supabase-demo")
    .sign(new TextEncoder().encode("any-secret"));

describe("start --production refuses unsafe settings", () => {
  it.each([
    [
      "no JWT secret",
      ["--local-mailbox"],
      { PARLEY_TEST_JWT_SECRET: "" },
      "supabase/config.toml: auth.jwt_secret is not set",
    ],
    [
      "the well-known default JWT secret",
      ["--local-mailbox"],
      { PARLEY_TEST_JWT_SECRET: "super-secret-jwt-token-with-at-least-32-characters-long" },
      "supabase/config.toml: auth.jwt_secret is the well-known default",
    ],
    [
      "a short JWT secret",
      ["--local-mailbox"],
      { PARLEY_TEST_JWT_SECRET: "only-twenty-chars-xx" },
      "supabase/config.toml: auth.jwt_secret must be at least 32 characters in production",
    ],
    [
      "an OAuth provider without credentials",
      ["--local-mailbox"],
      { SUPABASE_AUTH_EXTERNAL_GITHUB_ENABLED: "true" },
      "supabase/config.toml: auth.external.github is enabled without client_id and secret",
    ],
    [
      "SAML with only the emulator",
      ["--local-mailbox"],
      { GOTRUE_SAML_ENABLED: "true", PARLEY_SAML_EMULATOR_DOMAIN: "sso.example.com" },
      "PARLEY_SAML_EMULATOR_DOMAIN is set with GOTRUE_SAML_ENABLED=true",
    ],
    ["no SMTP without --local-mailbox", [], {}, "supabase/config.toml: auth.email.smtp is missing"],
  ] as const)("refuses %s", async (_name, flags, extra, message) => {
    const run = await start(["--production", ...flags], extra);
    expect(run.code).toBe(1);
    expect(run.stderr).toContain("Refusing to start in production mode:");
    expect(run.stderr).toContain(message);
    expect(run.stdout).toBe("");
  });

  it("refuses the CLI's published demo anon key", async () => {
    const run = await start(["--production", "--local-mailbox"], { SUPABASE_AUTH_ANON_KEY: await demoAnonKey() });
    expect(run.code).toBe(1);
    expect(run.stderr).toContain("supabase/config.toml: auth.anon_key is the Supabase CLI's published demo key");
  });

  it.each([
    [
      "the well-known default database password",
      "postgres",
      "the database password is the well-known default `postgres`",
    ],
    ["a short database password", "only-15-letters", "the database password is shorter than 16 characters (15)"],
  ])("refuses %s in the data folder's db-password", async (_name, password, message) => {
    const file = path.join(project.dataDir, "db-password");
    await mkdir(project.dataDir, { recursive: true, mode: 0o700 });
    await writeFile(file, `${password}\n`, { mode: 0o600 });
    try {
      const run = await start(["--production", "--local-mailbox"]);
      expect(run.code).toBe(1);
      expect(run.stderr).toContain("Refusing to start in production mode:");
      expect(run.stderr).toContain(`${file}: ${message}`);
    } finally {
      await rm(file);
    }
  });

  it("refuses to start without a built web app, naming the missing file", async () => {
    const run = await runCli(["start", "--production", "--local-mailbox", "--workdir", project.workdir], await env({}));
    expect(run.code).toBe(1);
    expect(run.stderr).toContain(`the web app is not built: ${project.workdir}/web/dist/index.html is missing`);
  });

  it("lists every problem at once", async () => {
    const run = await start(["--production"], {
      PARLEY_TEST_JWT_SECRET: "",
      SUPABASE_AUTH_EXTERNAL_GITHUB_ENABLED: "true",
    });
    expect(run.code).toBe(1);
    expect(run.stderr.match(/^ {2}- /gm)).toHaveLength(3);
  });
});

describe("start refuses bad network flags, naming the flag or variable", () => {
  it.each([
    [
      "a listen address that is not an IP",
      ["--host", "example.com"],
      {},
      'invalid --host: "example.com" is not an IP address to listen on',
    ],
    [
      "a trusted proxy that is not a CIDR",
      [],
      { PARLEY_STACK_TRUSTED_PROXIES: "10.0.0.0/8, 10.0.0.0/33" },
      'invalid PARLEY_STACK_TRUSTED_PROXIES: "10.0.0.0/33" is not an IP address or CIDR',
    ],
    ["production flags without --production", ["--seed"], {}, "--seed, --web-dir only apply with --production"],
  ] as const)("refuses %s", async (_name, flags, extra, message) => {
    const run = await start([...flags], extra);
    expect(run.code).toBe(1);
    expect(run.stderr).toContain(message);
  });
});
