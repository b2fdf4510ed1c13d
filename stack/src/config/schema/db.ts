// [db] — the embedded PostgreSQL. Keys and defaults: the CLI's pkg/config/db.go, the
// `NewConfig` initialiser in pkg/config/config.go and templates/config.toml.
import { bool, duration, integer, oneOf, optionalSection, port, section, text, textList, textTable } from "./fields.ts";

/** Postgres settings the CLI forwards as-is (sizes and timeouts stay Postgres strings). */
const settingsSchema = section({
  effective_cache_size: text().optional(),
  logical_decoding_work_mem: text().optional(),
  maintenance_work_mem: text().optional(),
  max_connections: integer().optional(),
  max_locks_per_transaction: integer().optional(),
  max_parallel_maintenance_workers: integer().optional(),
  max_parallel_workers: integer().optional(),
  max_parallel_workers_per_gather: integer().optional(),
  max_replication_slots: integer().optional(),
  max_slot_wal_keep_size: text().optional(),
  max_standby_archive_delay: text().optional(),
  max_standby_streaming_delay: text().optional(),
  max_wal_size: text().optional(),
  max_wal_senders: integer().optional(),
  max_worker_processes: integer().optional(),
  session_replication_role: oneOf(["origin", "replica", "local"]).optional(),
  shared_buffers: text().optional(),
  statement_timeout: text().optional(),
  track_activity_query_size: text().optional(),
  track_commit_timestamp: bool().optional(),
  wal_keep_size: text().optional(),
  wal_sender_timeout: text().optional(),
  work_mem: text().optional(),
});

export const dbSchema = section({
  port: port().default(54322),
  shadow_port: port().default(54320),
  /** Milliseconds. */
  health_timeout: duration().default(120_000),
  /** 13, 14, 15 or 17, checked with the CLI's messages by validate/db.ts. */
  major_version: integer().default(17),
  /** The CLI's fixed local pgsodium root key (NewConfig). */
  root_key: text().default("d4dc5b6d4a1d6a10b2c1e76112c994d65db7cec380572cc1839624d4be3fa275"),
  pooler: section({
    enabled: bool().default(false),
    port: port().default(54329),
    pool_mode: oneOf(["transaction", "session"]).default("transaction"),
    default_pool_size: integer().default(20),
    max_client_conn: integer().default(100),
  }),
  migrations: section({
    enabled: bool().default(true),
    /** Glob patterns, resolved against supabase/ by the loader. */
    schema_paths: textList().default([]),
  }),
  seed: section({
    enabled: bool().default(true),
    /** Glob patterns, resolved against supabase/ by the loader. */
    sql_paths: textList().default(["./seed.sql"]),
  }),
  settings: settingsSchema,
  network_restrictions: section({
    enabled: bool().default(false),
    allowed_cidrs: textList().default(["0.0.0.0/0"]),
    allowed_cidrs_v6: textList().default(["::/0"]),
  }),
  ssl_enforcement: optionalSection({
    enabled: bool().default(false),
  }),
  /** Secrets stored in Supabase Vault, by name. */
  vault: textTable(),
});
