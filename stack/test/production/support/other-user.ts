import { execFileSync, spawn } from "node:child_process";
import { userInfo } from "node:os";
import { fileURLToPath } from "node:url";

const repositoryRoot = fileURLToPath(new URL("../../../../", import.meta.url));

/**
 * Another local account than the data folder's owner: `nobody` when the tests run as root (as CI
 * does); otherwise the tests cannot switch users and run as themselves, the owner.
 */
export function otherUser(): { uid: number; gid: number } | undefined {
  if (userInfo().uid !== 0) return undefined;
  const id = (flag: string) => Number(execFileSync("id", [flag, "nobody"], { encoding: "utf8" }).trim());
  return { uid: id("-u"), gid: id("-g") };
}

/** What a login attempt ended with: `ok`, or the error's SQLSTATE / system code. */
export interface LoginAttempt {
  ok: boolean;
  code: string | undefined;
}

// node-postgres from the repository's node_modules, in a process of the other user.
const LOGIN_SCRIPT = `
const pg = require("pg");
const [host, port, user, password] = process.argv.slice(1);
const client = new pg.Client({ host, port: Number(port), user, password, database: "postgres", connectionTimeoutMillis: 10000 });
client.connect().then(
  () => client.query("select 1").then(() => { console.log(JSON.stringify({ ok: true })); return client.end(); }),
  (error) => console.log(JSON.stringify({ ok: false, code: error.code })),
);`;

/**
 * Tries to log in to PostgreSQL as `user`/`password` from a process of `as` (a uid and gid), or of
 * the test's own user. `host` is 127.0.0.1 or the Unix socket's folder.
 */
export function tryLogin(
  as: { uid: number; gid: number } | undefined,
  target: { host: string; port: number; user: string; password: string },
): Promise<LoginAttempt> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      ["-e", LOGIN_SCRIPT, target.host, String(target.port), target.user, target.password],
      { cwd: repositoryRoot, stdio: ["ignore", "pipe", "pipe"], ...(as ?? {}) },
    );
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
    child.once("error", reject);
    child.once("close", () => {
      try {
        resolve(JSON.parse(stdout) as LoginAttempt);
      } catch {
        reject(new Error(`the login attempt printed no result: ${stdout}${stderr}`));
      }
    });
  });
}

/** Runs `parley-stack <args>` as `as` (or the test's own user); its stdout and exit code. */
export function runCliAs(
  as: { uid: number; gid: number } | undefined,
  bin: string,
  args: string[],
  env: NodeJS.ProcessEnv,
): Promise<{ code: number | null; stdout: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [bin, ...args], {
      env,
      stdio: ["ignore", "pipe", "ignore"],
      ...(as ?? {}),
    });
    let stdout = "";
    child.stdout.on("data", (chunk: Buffer) => (stdout += chunk.toString()));
    child.once("error", reject);
    child.once("close", (code) => resolve({ code, stdout }));
  });
}
