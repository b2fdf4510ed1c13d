import pg from "pg";
import { BackupError } from "./backup-error.ts";

/**
 * A connection for dumping: UTC, ISO dates and full float precision, so every value dumped as a
 * literal reads back exactly. A connection failure is a BackupError naming the URL (password hidden).
 * @example const client = await connectForDump(databaseUrl(54322));
 */
export async function connectForDump(url: string): Promise<pg.Client> {
  const client = new pg.Client({ connectionString: url, application_name: "parley-stack dump" });
  try {
    await client.connect();
  } catch (error) {
    throw new BackupError(`cannot connect to the database at ${redactPassword(url)}: ${(error as Error).message}`);
  }
  await client.query(
    "set timezone = 'UTC'; set datestyle = 'ISO, YMD'; set intervalstyle = 'postgres'; set extra_float_digits = 3",
  );
  return client;
}

function redactPassword(url: string): string {
  return url.replace(/\/\/([^:/@]+):[^@]*@/, "//$1:****@");
}
