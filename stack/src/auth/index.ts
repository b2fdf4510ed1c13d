import { readSqlFolder, type PlatformMigration } from "../db/index.ts";

export { createAuthService } from "./service.ts";

/**
 * The auth schema as hosted has it (tables, enums, `auth.uid()`/`role()`/`email()`/`jwt()`), applied
 * before the project's migrations so they can reference `auth.users`.
 * @example const migrations = await authPlatformMigrations(); // [{ id: "auth/0001-schema", sql }, …]
 */
export function authPlatformMigrations(): Promise<PlatformMigration[]> {
  return readSqlFolder(new URL("./sql/", import.meta.url), "auth");
}
