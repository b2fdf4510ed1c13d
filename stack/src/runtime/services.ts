import type { StackConfig } from "../config/index.ts";
import type { PlatformMigration } from "../db/index.ts";
import type { ServiceFactory } from "../gateway/index.ts";

/** A service's code, imported only when the stack runs it or needs its platform SQL. */
export interface LoadedService {
  /** Platform SQL, run before the project's migrations. */
  platformMigrations?: () => Promise<PlatformMigration[]>;
  create: ServiceFactory;
}

/** A Supabase service the stack can run. */
export interface ServiceModule {
  name: string;
  load: () => Promise<LoadedService>;
  /** It has platform SQL: applied (so loaded) even when the service is off, as migrations may use its schema. */
  platformSql?: true;
  /**
   * The config switch that turns it off (`[storage] enabled = false`), with the base path that then
   * answers 503 saying so. Without one, the service always runs.
   */
  switch?: { basePath: string; setting: string; enabled: (config: StackConfig) => boolean };
  /** A local stand-in that signs anyone in (never started in production mode). */
  emulator?: true;
}

/**
 * Every service the stack serves, in platform-SQL order. A base path without a module here answers
 * 501 (`not_implemented`) until its service lands. Each is imported when needed, so a start loads
 * no code for what the config turns off and loads the rest while PostgreSQL starts.
 */
export const serviceModules: readonly ServiceModule[] = [
  {
    name: "auth",
    platformSql: true,
    switch: { basePath: "/auth/v1", setting: "[auth] enabled", enabled: (config) => config.auth.enabled },
    load: async () => {
      const auth = await import("../auth/index.ts");
      return { platformMigrations: auth.authPlatformMigrations, create: auth.createAuthService };
    },
  },
  {
    name: "rest",
    switch: { basePath: "/rest/v1", setting: "[api] enabled", enabled: (config) => config.api.enabled },
    load: async () => import("../rest/index.ts"),
  },
  {
    name: "realtime",
    platformSql: true,
    switch: { basePath: "/realtime/v1", setting: "[realtime] enabled", enabled: (config) => config.realtime.enabled },
    load: async () => import("../realtime/index.ts"),
  },
  {
    name: "storage",
    platformSql: true,
    switch: { basePath: "/storage/v1", setting: "[storage] enabled", enabled: (config) => config.storage.enabled },
    load: async () => {
      const storage = await import("../storage/index.ts");
      return { platformMigrations: storage.storagePlatformMigrations, create: storage.createStorageService };
    },
  },
  // [edge_runtime] enabled = false is answered by the service itself (503, as the CLI's message).
  { name: "functions", load: async () => import("../functions/index.ts") },
  {
    name: "saml-emulator",
    emulator: true,
    load: async () => ({ create: (await import("../saml-emulator/index.ts")).createSamlEmulatorService }),
  },
  {
    name: "oauth-emulator",
    emulator: true,
    load: async () => ({ create: (await import("../oauth-emulator/index.ts")).createOAuthEmulatorService }),
  },
];

/** Whether this start runs the service: emulators never in production, switched-off ones never. */
export function runsService(module: ServiceModule, config: StackConfig, production: boolean): boolean {
  if (production && module.emulator) return false;
  return module.switch?.enabled(config) ?? true;
}

/**
 * The platform SQL of every service that has some, in order (their code is imported for it), for
 * `db reset` and `restore` on a stopped stack.
 */
export async function servicePlatformMigrations(): Promise<PlatformMigration[]> {
  const loaded = await Promise.all(serviceModules.filter((m) => m.platformSql).map((m) => m.load()));
  return (await Promise.all(loaded.map((service) => service.platformMigrations?.() ?? []))).flat();
}
