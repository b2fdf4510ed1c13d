import type { Database } from "../../db/index.ts";

export interface ColumnInfo {
  name: string;
  /** `format_type` of the column: what values and filter operands are cast to. */
  sqlType: string;
  /** `pg_type.typname`, as the payload's `columns[].type` carries it (`int4`, `_text`, …). */
  typname: string;
  isPkey: boolean;
}

export interface RelationInfo {
  oid: number;
  schema: string;
  table: string;
  columns: ColumnInfo[];
  rlsEnabled: boolean;
}

/**
 * What the dispatcher needs to know about a published table, read from the catalog and cached until
 * the replication stream announces the relation again (a schema change); per-role SELECT column
 * privileges likewise.
 */
export class RelationCatalog {
  private readonly relations = new Map<number, Promise<RelationInfo>>();
  private readonly selectable = new Map<string, Promise<Set<string> | null>>();
  private readonly bypass = new Map<string, Promise<boolean>>();
  /** Published tables' oids by the subscription registry's `schema.table`. */
  private readonly published = new Map<string, Promise<number>>();

  constructor(private readonly db: Database) {}

  invalidate(oid: number): void {
    this.relations.delete(oid);
    // A table renamed or dropped and created again is looked up by name afresh.
    this.published.clear();
    for (const key of this.selectable.keys()) if (key.startsWith(`${oid}:`)) this.selectable.delete(key);
  }

  relation(oid: number): Promise<RelationInfo> {
    let info = this.relations.get(oid);
    if (!info) {
      info = this.load(oid);
      info.catch(() => this.relations.delete(oid));
      this.relations.set(oid, info);
    }
    return info;
  }

  /** The published table the registry calls `schema.table` (as `resolve-binding.ts` names it). */
  async publishedRelation(key: string): Promise<RelationInfo> {
    let oid = this.published.get(key);
    if (!oid) {
      oid = this.db.admin
        .query<{ oid: string }>(
          `select format('%I.%I', schemaname, tablename)::regclass::oid::int8 as oid from pg_publication_tables
           where pubname = 'supabase_realtime' and schemaname || '.' || tablename = $1`,
          [key],
        )
        .then(({ rows }) => {
          if (!rows[0]) throw new Error(`${key} is not published`);
          return Number(rows[0].oid);
        });
      this.published.set(key, oid);
    }
    try {
      return await this.relation(await oid);
    } catch (error) {
      // Not published (any more), or an oid from before a `db reset`: looked up afresh next time.
      this.published.delete(key);
      throw error;
    }
  }

  /** Columns the role may SELECT; null when the role does not exist. */
  selectableColumns(oid: number, role: string): Promise<Set<string> | null> {
    const key = `${oid}:${role}`;
    let columns = this.selectable.get(key);
    if (!columns) {
      columns = this.db.admin
        .query<{ attname: string }>(
          `select attname from pg_attribute
           where attrelid = $1 and attnum > 0 and not attisdropped and has_column_privilege($2, $1::oid, attname, 'SELECT')`,
          [oid, role],
        )
        .then((result) => new Set(result.rows.map((row) => row.attname)))
        .catch(() => null);
      this.selectable.set(key, columns);
    }
    return columns;
  }

  /** Roles with BYPASSRLS (service_role) see every row without asking the policies. */
  bypassesRls(role: string): Promise<boolean> {
    let answer = this.bypass.get(role);
    if (!answer) {
      answer = this.db.admin
        .query<{ bypass: boolean }>("select rolbypassrls or rolsuper as bypass from pg_roles where rolname = $1", [
          role,
        ])
        .then((result) => result.rows[0]?.bypass ?? false);
      this.bypass.set(role, answer);
    }
    return answer;
  }

  private async load(oid: number): Promise<RelationInfo> {
    const table = await this.db.admin.query<{ schema: string; table: string; rls: boolean }>(
      "select n.nspname as schema, c.relname as table, c.relrowsecurity as rls from pg_class c join pg_namespace n on n.oid = c.relnamespace where c.oid = $1",
      [oid],
    );
    const columns = await this.db.admin.query<ColumnInfo>(
      `select a.attname as name, format_type(a.atttypid, a.atttypmod) as "sqlType", t.typname,
              coalesce(a.attnum = any(i.indkey), false) as "isPkey"
       from pg_attribute a
       join pg_type t on t.oid = a.atttypid
       left join pg_index i on i.indrelid = a.attrelid and i.indisprimary
       where a.attrelid = $1 and a.attnum > 0 and not a.attisdropped
       order by a.attnum`,
      [oid],
    );
    const row = table.rows[0];
    if (!row) throw new Error(`relation ${oid} not found`);
    return { oid, schema: row.schema, table: row.table, rlsEnabled: row.rls, columns: columns.rows };
  }
}
