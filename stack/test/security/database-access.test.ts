// Who can log in to the stack's PostgreSQL. In production the database has a password of its own,
// generated on first start into the data folder (owner only) and shown by `status` to that owner;
// the well-known `postgres`/`postgres` lets nobody in, neither over loopback TCP nor through the
// socket, as any role. In development the Supabase CLI's postgres/postgres on loopback stays.
import { stat, readFile } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BIN, cliEnv, startCliForeground, type CliStack } from "../support/cli.ts";
import { tempProject, type TempProject } from "../support/project.ts";
import { otherUser, runCliAs, tryLogin } from "../production/support/other-user.ts";

const webDist = fileURLToPath(new URL("../fixtures/web-dist", import.meta.url));
const JWT_SECRET = "a-production-secret-that-is-long-enough-0123456789";

/** Login roles the stack creates (as the Supabase CLI's database has them). */
const LOGIN_ROLES = ["postgres", "authenticator", "supabase_admin", "supabase_auth_admin", "supabase_functions_admin"];

async function startProject(
  flags: string[],
): Promise<{ project: TempProject; env: NodeJS.ProcessEnv; stack: CliStack }> {
  const project = await tempProject("production");
  const env = { ...(await cliEnv(project.dataDir)), PARLEY_TEST_JWT_SECRET: JWT_SECRET };
  const stack = await startCliForeground([...flags, "--workdir", project.workdir], env).catch(
    async (error: unknown) => {
      await project.remove();
      throw error;
    },
  );
  return { project, env, stack };
}

async function stopProject(started: { project: TempProject; stack: CliStack } | undefined): Promise<void> {
  if (!started) return;
  started.stack.child.kill("SIGTERM");
  await started.stack.exited;
  await started.project.remove();
}

describe("start --production: the database has a password of its own", () => {
  let started: Awaited<ReturnType<typeof startProject>>;
  beforeAll(async () => {
    started = await startProject(["--production", "--local-mailbox", "--web-dir", webDist]);
  }, 180_000);
  afterAll(() => stopProject(started));

  const port = () => Number(started.env.PARLEY_STACK_DB_PORT);
  const passwordFile = () => path.join(started.project.dataDir, "db-password");

  it("keeps a generated password in the data folder, readable by its owner only", async () => {
    expect((await stat(passwordFile())).mode & 0o777).toBe(0o600);
    const password = (await readFile(passwordFile(), "utf8")).trim();
    expect(password).not.toBe("postgres");
    expect(password.length).toBeGreaterThanOrEqual(32);
  });

  it.each(LOGIN_ROLES)("another local user cannot log in as %s/postgres over loopback TCP", async (user) => {
    const attempt = await tryLogin(otherUser(), { host: "127.0.0.1", port: port(), user, password: "postgres" });
    expect(attempt).toEqual({ ok: false, code: "28P01" });
  });

  it("another local user cannot log in as postgres/postgres through the Unix socket", async () => {
    const socketDir = path.join(started.project.dataDir, "postgres");
    const other = otherUser();
    const attempt = await tryLogin(other, { host: socketDir, port: port(), user: "postgres", password: "postgres" });
    if (other) {
      // The socket's folder is closed to it; past that, the peer check would refuse its system user.
      expect(attempt.ok).toBe(false);
      expect(["EACCES", "28000"]).toContain(attempt.code);
    } else {
      // Not root: no second account to try with. The stack's own system user is the one the socket's
      // peer rule lets in (it can read the password file anyway).
      expect(attempt).toEqual({ ok: true, code: undefined });
    }
  });

  it("allows only SCRAM-SHA-256 password logins, on the socket and loopback", async () => {
    const client = new pg.Client({ connectionString: started.stack.status.DB_URL });
    await client.connect();
    try {
      type Rule = { type: string; address: string | null; auth_method: string; options: string[] | null };
      const rules = await client.query<Rule>("select type, address, auth_method, options from pg_hba_file_rules");
      // One peer rule, on the owner-only socket, for the stack's own system user (pg_cron's jobs).
      const [peer, ...passwords] = rules.rows;
      expect(peer).toMatchObject({ type: "local", auth_method: "peer", options: ["map=parley_stack_jobs"] });
      expect(passwords.length).toBeGreaterThan(0);
      for (const rule of passwords) {
        expect(rule.auth_method).toBe("scram-sha-256");
        expect([null, "127.0.0.1", "::1"]).toContain(rule.address);
      }
      expect((await client.query("show listen_addresses")).rows[0]).toEqual({ listen_addresses: "127.0.0.1" });
    } finally {
      await client.end();
    }
  });

  it("`status` gives the owner the password; another local user gets nothing", async () => {
    const password = (await readFile(passwordFile(), "utf8")).trim();
    const args = ["status", "-o", "json", "--workdir", started.project.workdir];
    const owner = await runCliAs(undefined, BIN, args, started.env);
    expect(owner.code).toBe(0);
    const dbUrl = (JSON.parse(owner.stdout) as Record<string, string>).DB_URL;
    expect(dbUrl).toBe(`postgresql://postgres:${password}@127.0.0.1:${port()}/postgres`);
    const client = new pg.Client({ connectionString: dbUrl });
    await client.connect();
    await client.end();

    const other = otherUser();
    if (other === undefined) return; // not root: no second account to switch to; the file's mode (above) guards it
    const stranger = await runCliAs(other, BIN, args, started.env);
    expect(stranger.code).not.toBe(0);
    expect(stranger.stdout).not.toContain(password);
  });
});

describe("start (development): the Supabase CLI's postgres/postgres on loopback", () => {
  let started: Awaited<ReturnType<typeof startProject>>;
  beforeAll(async () => {
    started = await startProject([]);
  }, 180_000);
  afterAll(() => stopProject(started));

  it("prints and accepts postgres/postgres on 127.0.0.1 only, with no password file", async () => {
    const port = Number(started.env.PARLEY_STACK_DB_PORT);
    expect(started.stack.status.DB_URL).toBe(`postgresql://postgres:postgres@127.0.0.1:${port}/postgres`);
    const attempt = await tryLogin(undefined, { host: "127.0.0.1", port, user: "postgres", password: "postgres" });
    expect(attempt).toEqual({ ok: true });
    const client = new pg.Client({ connectionString: started.stack.status.DB_URL });
    await client.connect();
    try {
      expect((await client.query("show listen_addresses")).rows[0]).toEqual({ listen_addresses: "127.0.0.1" });
    } finally {
      await client.end();
    }
    await expect(stat(path.join(started.project.dataDir, "db-password"))).rejects.toThrow(/ENOENT/);
  });
});
