import type pg from "pg";

/** Where a job's connection can log in as the job's `username` without its password. */
export interface JobLogin {
  /** The server's Unix socket folder. */
  socketDir: string;
}

/**
 * pg_cron logs each job in as the job's `username` over libpq and so needs `pg_hba.conf` to let it
 * in without a password (its README: "trust" for localhost, or a `.pgpass`). The stack's database
 * (`db/cluster-access.ts`) has that entry from its start: `peer` on the owner-only (0600) Unix
 * socket, mapped from the stack's own operating-system user to any role. Every other connection is
 * unaffected: TCP asks for a password, and the socket refuses every other system user. Undefined
 * when the server has no socket (Windows, a cluster path too long for one): then only jobs of the
 * stack's superuser can log in (with its password).
 */
export async function prepareJobLogin(admin: pg.Pool): Promise<JobLogin | undefined> {
  const { rows } = await admin.query<{ socket_dirs: string }>(
    "select current_setting('unix_socket_directories') as socket_dirs",
  );
  const socketDir = rows[0]?.socket_dirs.split(",")[0]?.trim();
  return socketDir ? { socketDir } : undefined;
}
