import { readSqlFolder, type PlatformMigration } from "../db/index.ts";

export { createStorageService } from "./service.ts";

/** The storage schema (tables, functions, triggers, grants), applied before the project's migrations. */
export function storagePlatformMigrations(): Promise<PlatformMigration[]> {
  return readSqlFolder(new URL("./sql/", import.meta.url), "storage");
}
