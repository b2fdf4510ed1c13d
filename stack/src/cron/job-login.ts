import { readFile, writeFile } from "node:fs/promises";
import { userInfo } from "node:os";
import pg from "pg";

/** The pg_ident.conf map that lets the stack's own operating-system user log in as any role. */
const MAP_NAME = "parley_stack_cron";
const MARK = "# Parley Stack: pg_cron's jobs log in as their own role (stack/src/cron/job-login.ts)";

/** Where a job's connection can log in as the job's `username` without its password. */
export interface JobLogin {
  /** The server's Unix socket folder. */
  socketDir: string;
}

/**
 * pg_cron logs each job in as the job's `username` over libpq and so needs `pg_hba.conf` to let it
 * in without a password (its README: "trust" for localhost, or a `.pgpass`). The stack does the
 * same on the server's Unix socket — owner-only (0600), so only the stack's own operating-system
 * user (or root) can open it — with `peer` authentication mapped from that user to any role: the
 * first line of `pg_hba.conf`, the map in `pg_ident.conf`, then a configuration reload. Every other
 * connection is unaffected: TCP still asks for a password, and so does the socket for every other
 * operating-system user. Undefined when the server has no socket (Windows, a cluster path too long
 * for one): then only jobs of the stack's superuser can log in (with its password).
 */
export async function prepareJobLogin(admin: pg.Pool, url: string): Promise<JobLogin | undefined> {
  const { rows } = await admin.query<{ socket_dirs: string; hba_file: string; ident_file: string }>(
    `select current_setting('unix_socket_directories') as socket_dirs,
            current_setting('hba_file') as hba_file, current_setting('ident_file') as ident_file`,
  );
  const settings = rows[0];
  const socketDir = settings?.socket_dirs.split(",")[0]?.trim();
  if (!settings || !socketDir) return undefined;
  // Quoted: the file's tokens split on blanks (a name holding `"` cannot be written, nor logs in).
  const osUser = `"${userInfo().username}"`;
  const changedHba = await ensureFirstLines(settings.hba_file, [MARK, `local all all peer map=${MAP_NAME}`]);
  const changedIdent = await ensureFirstLines(settings.ident_file, [MARK, `${MAP_NAME} ${osUser} all`]);
  if (changedHba || changedIdent) await reloadConfiguration(admin, url);
  return { socketDir };
}

/** Puts `lines` at the top of the file unless they already are; true when it wrote. */
async function ensureFirstLines(file: string, lines: readonly string[]): Promise<boolean> {
  const text = await readFile(file, "utf8");
  const block = `${lines.join("\n")}\n`;
  if (text.startsWith(block)) return false;
  const rest = text.startsWith(MARK) ? text.split("\n").slice(lines.length).join("\n") : text;
  // writeFile keeps the file's owner and mode (the server may run as another system user).
  await writeFile(file, block + rest);
  return true;
}

/**
 * pg_reload_conf() only signals the postmaster; connections follow the new rules once it has read
 * them. A backend forked after that reload reports the postmaster's new `pg_conf_load_time()`, so
 * open fresh connections until one does.
 */
async function reloadConfiguration(admin: pg.Pool, url: string): Promise<void> {
  const loadTime = async () => {
    const client = new pg.Client({ connectionString: url, application_name: "pg_cron" });
    client.on("error", () => undefined);
    await client.connect();
    try {
      return (await client.query<{ t: string }>("select pg_conf_load_time()::text as t")).rows[0]?.t;
    } finally {
      await client.end().catch(() => undefined);
    }
  };
  const before = await loadTime();
  await admin.query("select pg_reload_conf()");
  for (let attempt = 0; attempt < 100 && (await loadTime()) === before; attempt += 1) {
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
