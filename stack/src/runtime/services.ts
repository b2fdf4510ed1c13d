import type { PlatformMigration } from "../db/index.ts";
import type { ServiceFactory } from "../gateway/index.ts";
import { authPlatformMigrations, createAuthService } from "../auth/index.ts";
import { createOAuthEmulatorService } from "../oauth-emulator/index.ts";
import * as realtime from "../realtime/index.ts";
import * as rest from "../rest/index.ts";
import { createSamlEmulatorService } from "../saml-emulator/index.ts";
import { createStorageService, storagePlatformMigrations } from "../storage/index.ts";

/** A Supabase service the stack can run: its platform SQL (run before the project's migrations) and its factory. */
export interface ServiceModule {
  name: string;
  platformMigrations?: () => Promise<PlatformMigration[]>;
  create: ServiceFactory;
  /** A local stand-in that signs anyone in (never started in production mode). */
  emulator?: true;
}

/**
 * Every service the stack serves, in platform-SQL order. A base path without a module here answers
 * 501 (`not_implemented`) until its service lands.
 */
export const serviceModules: readonly ServiceModule[] = [
  { name: "auth", platformMigrations: authPlatformMigrations, create: createAuthService },
  { name: "rest", create: rest.create },
  { name: "realtime", platformMigrations: realtime.platformMigrations, create: realtime.create },
  { name: "storage", platformMigrations: storagePlatformMigrations, create: createStorageService },
  { name: "functions", create: async (deps) => (await import("../functions/index.ts")).create(deps) },
  { name: "saml-emulator", create: createSamlEmulatorService, emulator: true },
  { name: "oauth-emulator", create: createOAuthEmulatorService, emulator: true },
];
