import type pg from "pg";
import { NOT_FROM_EXTENSION } from "./dump-scope.ts";
import type { SqlSink } from "./sql-sink.ts";

async function emit(
  client: pg.ClientBase,
  sql: string,
  schemas: string[],
  sink: SqlSink,
  separator = "\n",
): Promise<void> {
  for (const row of (await client.query<{ sql: string }>(sql, [schemas])).rows) await sink(`${row.sql}${separator}`);
}

/** Enums, domains and composite types (a composite type's table-like row is not a table). */
export function dumpTypes(client: pg.ClientBase, schemas: string[], sink: SqlSink): Promise<void> {
  return emit(
    client,
    `select sql from (
       select t.oid, format('CREATE TYPE %I.%I AS ENUM (%s);', n.nspname, t.typname,
              (select string_agg(quote_literal(e.enumlabel), ', ' order by e.enumsortorder) from pg_enum e where e.enumtypid = t.oid)) as sql
         from pg_type t join pg_namespace n on n.oid = t.typnamespace
        where t.typtype = 'e' and n.nspname = any($1) and ${NOT_FROM_EXTENSION("t.oid", "pg_type")}
       union all
       select t.oid, format('CREATE DOMAIN %I.%I AS %s%s%s%s;', n.nspname, t.typname, format_type(t.typbasetype, t.typtypmod),
              case when t.typdefault is not null then ' DEFAULT ' || t.typdefault else '' end,
              case when t.typnotnull then ' NOT NULL' else '' end,
              coalesce((select string_agg(' CONSTRAINT ' || quote_ident(c.conname) || ' ' || pg_get_constraintdef(c.oid), '') from pg_constraint c where c.contypid = t.oid), ''))
         from pg_type t join pg_namespace n on n.oid = t.typnamespace
        where t.typtype = 'd' and n.nspname = any($1) and ${NOT_FROM_EXTENSION("t.oid", "pg_type")}
       union all
       select t.oid, format('CREATE TYPE %I.%I AS (%s);', n.nspname, t.typname,
              (select string_agg(format('%I %s', a.attname, format_type(a.atttypid, a.atttypmod)), ', ' order by a.attnum)
                 from pg_attribute a where a.attrelid = t.typrelid and a.attnum > 0 and not a.attisdropped))
         from pg_type t join pg_namespace n on n.oid = t.typnamespace join pg_class c on c.oid = t.typrelid
        where t.typtype = 'c' and c.relkind = 'c' and n.nspname = any($1) and ${NOT_FROM_EXTENSION("t.oid", "pg_type")}
     ) s order by oid`,
    schemas,
    sink,
  );
}

/**
 * Functions and procedures, in creation order. Bodies are not checked on creation
 * (`check_function_bodies = off`, as pg_dump sets), so a function may name a table made later.
 * `rowTypes`: true for those whose arguments or result are a table's row type (made after tables).
 */
export function dumpFunctions(
  client: pg.ClientBase,
  schemas: string[],
  sink: SqlSink,
  rowTypes: boolean,
): Promise<void> {
  return emit(
    client,
    `select pg_get_functiondef(p.oid) || ';' as sql
       from pg_proc p join pg_namespace n on n.oid = p.pronamespace
      where p.prokind in ('f', 'p') and n.nspname = any($1) and ${NOT_FROM_EXTENSION("p.oid", "pg_proc")}
        and ${rowTypes ? "" : "not "}exists (select 1 from pg_type t where t.typrelid <> 0 and t.oid = any(array_append(p.proargtypes::oid[], p.prorettype))
                                              and exists (select 1 from pg_class c where c.oid = t.typrelid and c.relkind <> 'c'))
      order by p.oid`,
    schemas,
    sink,
    "\n\n",
  );
}

/** Views and materialized views (without data), in creation order so a view follows those it reads. */
export function dumpViews(client: pg.ClientBase, schemas: string[], sink: SqlSink): Promise<void> {
  return emit(
    client,
    `select case c.relkind
              when 'v' then format(E'CREATE VIEW %I.%I%s AS\\n%s', n.nspname, c.relname,
                                   case when c.reloptions is not null then ' WITH (' || array_to_string(c.reloptions, ', ') || ')' else '' end,
                                   pg_get_viewdef(c.oid))
              else format(E'CREATE MATERIALIZED VIEW %I.%I AS\\n%s WITH NO DATA;', n.nspname, c.relname, rtrim(pg_get_viewdef(c.oid), ';')) end as sql
       from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where c.relkind in ('v', 'm') and n.nspname = any($1) and ${NOT_FROM_EXTENSION("c.oid")}
      order by c.oid`,
    schemas,
    sink,
    "\n\n",
  );
}

/** Triggers of the tables in scope (not the ones PostgreSQL makes for foreign keys). */
export function dumpTriggers(client: pg.ClientBase, schemas: string[], sink: SqlSink): Promise<void> {
  return emit(
    client,
    `select pg_get_triggerdef(t.oid) || ';' as sql
       from pg_trigger t join pg_class c on c.oid = t.tgrelid join pg_namespace n on n.oid = c.relnamespace
      where not t.tgisinternal and n.nspname = any($1) and ${NOT_FROM_EXTENSION("c.oid")}
      order by t.oid`,
    schemas,
    sink,
  );
}
