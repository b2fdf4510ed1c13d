import { PLATFORM_SCHEMA_PATTERNS } from "./lint-rules.ts";

/** One `inspect db` report: its columns (the CLI's names) and the query giving them in that order. */
export interface InspectReport {
  summary: string;
  headers: string[];
  sql: string;
  /** Bound to $1 when the query takes the platform schemas to leave out. */
  usesPlatformSchemas?: boolean;
}

const USER_TABLES = "not (schemaname like any($1::text[]))";

/** The CLI's `inspect db` reports (internal/inspect/<name>), with queries of this stack's own. */
export const INSPECT_REPORTS: Record<string, InspectReport> = {
  "table-sizes": {
    summary: "Size of each table (without its indexes)",
    headers: ["Schema", "Table", "Size"],
    sql: `select schemaname, relname, pg_size_pretty(pg_table_size(relid))
            from pg_stat_user_tables where ${USER_TABLES} order by pg_table_size(relid) desc, 1, 2`,
    usesPlatformSchemas: true,
  },
  "index-sizes": {
    summary: "Size of each index",
    headers: ["Schema", "Index", "Size"],
    sql: `select schemaname, indexrelname, pg_size_pretty(pg_relation_size(indexrelid))
            from pg_stat_user_indexes where ${USER_TABLES} order by pg_relation_size(indexrelid) desc, 1, 2`,
    usesPlatformSchemas: true,
  },
  "total-table-sizes": {
    summary: "Size of each table with its indexes",
    headers: ["Schema", "Table", "Size"],
    sql: `select schemaname, relname, pg_size_pretty(pg_total_relation_size(relid))
            from pg_stat_user_tables where ${USER_TABLES} order by pg_total_relation_size(relid) desc, 1, 2`,
    usesPlatformSchemas: true,
  },
  "index-usage": {
    summary: "Share of scans of each table that used an index",
    headers: ["Table name", "Percentage of times index used", "Rows in table"],
    sql: `select format('%s.%s', schemaname, relname),
                 case when coalesce(idx_scan, 0) + seq_scan = 0 then 'Insufficient data'
                      else (100 * coalesce(idx_scan, 0) / (coalesce(idx_scan, 0) + seq_scan))::text end,
                 n_live_tup::text
            from pg_stat_user_tables where ${USER_TABLES} order by n_live_tup desc, 1`,
    usesPlatformSchemas: true,
  },
  "cache-hit": {
    summary: "Share of index and table reads served from shared buffers",
    headers: ["Name", "Ratio"],
    sql: `select 'index hit rate', coalesce(round(sum(idx_blks_hit)::numeric / nullif(sum(idx_blks_hit + idx_blks_read), 0), 6), 0)::text
            from pg_statio_user_indexes
          union all
          select 'table hit rate', coalesce(round(sum(heap_blks_hit)::numeric / nullif(sum(heap_blks_hit + heap_blks_read), 0), 6), 0)::text
            from pg_statio_user_tables`,
  },
  "long-running-queries": {
    summary: "Queries running for longer than five minutes",
    headers: ["pid", "Duration", "Query"],
    sql: `select pid::text, (now() - query_start)::text, query
            from pg_stat_activity
           where state <> 'idle' and query_start < now() - interval '5 minutes' and pid <> pg_backend_pid()
           order by query_start`,
  },
  locks: {
    summary: "Exclusive locks held on relations",
    headers: ["pid", "Relname", "Transaction ID", "Granted", "Query", "Age"],
    sql: `select a.pid::text, coalesce(c.relname, ''), coalesce(l.transactionid::text, ''), l.granted::text,
                 a.query, (now() - a.query_start)::text
            from pg_locks l join pg_stat_activity a on a.pid = l.pid
            left join pg_class c on c.oid = l.relation
           where l.mode like '%ExclusiveLock' and l.locktype = 'relation' and a.pid <> pg_backend_pid()
           order by a.query_start`,
  },
  blocking: {
    summary: "Statements waiting for a lock, and the statements holding it",
    headers: [
      "Blocked pid",
      "Blocking statement",
      "Blocking duration",
      "Blocking pid",
      "Blocked statement",
      "Blocked duration",
    ],
    sql: `select blocked.pid::text, blocking.query, (now() - blocking.query_start)::text, blocking.pid::text,
                 blocked.query, (now() - blocked.query_start)::text
            from pg_stat_activity blocked
            join lateral unnest(pg_blocking_pids(blocked.pid)) holder(pid) on true
            join pg_stat_activity blocking on blocking.pid = holder.pid
           order by blocked.query_start`,
  },
  bloat: {
    summary: "Estimated space tables waste beyond what their live rows need",
    headers: ["Type", "Schema name", "Object name", "Bloat", "Waste"],
    // Rows' expected size from the planner's statistics (width + tuple header + line pointer) against
    // the pages the table holds; an estimate, as the CLI's, and only after ANALYZE.
    sql: `with expected as (
            select s.schemaname, s.relname, s.relid, c.relpages::numeric * current_setting('block_size')::numeric as actual,
                   greatest(c.reltuples, 0)::numeric * (coalesce((select sum(avg_width) from pg_stats p
                     where p.schemaname = s.schemaname and p.tablename = s.relname), 0) + 28) as needed
              from pg_stat_user_tables s join pg_class c on c.oid = s.relid where ${USER_TABLES})
          select 'table', schemaname, relname,
                 case when needed = 0 then '0' else round(actual / needed, 1)::text end,
                 pg_size_pretty(greatest(actual - needed, 0))
            from expected order by greatest(actual - needed, 0) desc, 2, 3`,
    usesPlatformSchemas: true,
  },
  outliers: {
    summary: "Statements that took the most execution time (pg_stat_statements)",
    headers: ["Query", "Execution time", "Proportion of exec time", "Number calls", "Sync IO time"],
    sql: `select query, interval '1 millisecond' * total_exec_time,
                 round((100 * total_exec_time / nullif(sum(total_exec_time) over (), 0))::numeric, 2)::text || '%',
                 calls::text, (interval '1 millisecond' * (shared_blk_read_time + shared_blk_write_time))::text
            from pg_stat_statements where userid = (select usesysid from pg_user where usename = current_user)
           order by total_exec_time desc limit 10`,
  },
  "unused-indexes": {
    summary: "Indexes that are never scanned (unique and primary keys left out)",
    headers: ["Table", "Index", "Index size", "Index scans"],
    sql: `select format('%s.%s', s.schemaname, s.relname), s.indexrelname, pg_size_pretty(pg_relation_size(s.indexrelid)), s.idx_scan::text
            from pg_stat_user_indexes s join pg_index i on i.indexrelid = s.indexrelid
           where not i.indisunique and s.idx_scan < 50 and not (s.schemaname like any($1::text[]))
           order by pg_relation_size(s.indexrelid) desc, 1, 2`,
    usesPlatformSchemas: true,
  },
  "seq-scans": {
    summary: "Sequential scans of each table",
    headers: ["Name", "Count"],
    sql: `select format('%s.%s', schemaname, relname), seq_scan::text from pg_stat_user_tables where ${USER_TABLES} order by seq_scan desc, 1`,
    usesPlatformSchemas: true,
  },
  "table-record-counts": {
    summary: "Estimated rows of each table",
    headers: ["Schema", "Name", "Estimated count"],
    sql: `select schemaname, relname, n_live_tup::text from pg_stat_user_tables where ${USER_TABLES} order by n_live_tup desc, 1, 2`,
    usesPlatformSchemas: true,
  },
};

export { PLATFORM_SCHEMA_PATTERNS };
