export {
  createDatabase,
  databaseUrl,
  type Caller,
  type CallerExchange,
  type CallerOptions,
  type Database,
  type Statement,
} from "./database.ts";
export {
  startPostgresServer,
  stopOrphanedServer,
  DB_NAME,
  DB_PASSWORD,
  DB_USER,
  type PostgresServer,
} from "./postgres-server.ts";
export {
  databasePasswordFile,
  ensureDatabasePassword,
  readDatabasePassword,
  weakDatabasePasswordReason,
  WELL_KNOWN_DB_PASSWORD,
} from "./database-password.ts";
export { adoptDatabasePassword, passwordMatches, replaceWellKnownPasswords } from "./role-passwords.ts";
export {
  applyPlatformMigrations,
  databasePlatformMigrations,
  readSqlFolder,
  type PlatformMigration,
} from "./platform-migrations.ts";
export { applyProjectMigrations, listMigrationFiles, MigrationError } from "./project-migrations.ts";
export { runSeed } from "./seed.ts";
export { describeSqlError, lineAndColumn } from "./sql-error.ts";
export { SqlSplitter, migrationStatements, type SqlStatement } from "./sql-splitter.ts";
export { inTransaction } from "./transaction.ts";
export { quoteIdent, quoteQualified } from "./quote-ident.ts";
export type { NotificationListener, NotificationSubscription } from "./notification-listener.ts";
export { sendOnPool, type ExchangeStatement } from "./pool-exchange.ts";
