import type pg from "pg";
import { NOT_FROM_EXTENSION } from "./dump-scope.ts";
import type { SqlSink } from "./sql-sink.ts";

/** Roles every Supabase database grants to by default; a dumped grant list starts from none of theirs. */
const API_ROLES = "PUBLIC, anon, authenticated, service_role";

async function emit(client: pg.ClientBase, sql: string, schemas: string[], sink: SqlSink): Promise<void> {
  for (const row of (await client.query<{ sql: string }>(sql, [schemas])).rows) await sink(`${row.sql}\n`);
}

/** `ENABLE`/`FORCE ROW LEVEL SECURITY` and every policy, with its command, roles and expressions. */
export function dumpRowLevelSecurity(client: pg.ClientBase, schemas: string[], sink: SqlSink): Promise<void> {
  return emit(
    client,
    `select sql from (
       select 1 as step, c.oid::int8 as ord, format('ALTER TABLE %I.%I ENABLE ROW LEVEL SECURITY;', n.nspname, c.relname) as sql
         from pg_class c join pg_namespace n on n.oid = c.relnamespace where c.relrowsecurity and n.nspname = any($1)
       union all
       select 1, c.oid::int8, format('ALTER TABLE %I.%I FORCE ROW LEVEL SECURITY;', n.nspname, c.relname)
         from pg_class c join pg_namespace n on n.oid = c.relnamespace where c.relforcerowsecurity and n.nspname = any($1)
       union all
       select 2, p.oid::int8, format('CREATE POLICY %I ON %I.%I AS %s FOR %s TO %s%s%s;', p.polname, n.nspname, c.relname,
              case when p.polpermissive then 'PERMISSIVE' else 'RESTRICTIVE' end,
              case p.polcmd when 'r' then 'SELECT' when 'a' then 'INSERT' when 'w' then 'UPDATE' when 'd' then 'DELETE' else 'ALL' end,
              (select string_agg(case when r = 0 then 'PUBLIC' else quote_ident(r::regrole::text) end, ', ') from unnest(p.polroles) r),
              case when p.polqual is not null then ' USING (' || pg_get_expr(p.polqual, p.polrelid) || ')' else '' end,
              case when p.polwithcheck is not null then ' WITH CHECK (' || pg_get_expr(p.polwithcheck, p.polrelid) || ')' else '' end)
         from pg_policy p join pg_class c on c.oid = p.polrelid join pg_namespace n on n.oid = c.relnamespace where n.nspname = any($1)
     ) s order by step, ord`,
    schemas,
    sink,
  );
}

/**
 * Privileges as they are, not as defaults would make them: for each object with an ACL, revoke what
 * the API roles and PUBLIC may have got by default, then grant what the source has (columns too).
 */
export function dumpGrants(client: pg.ClientBase, schemas: string[], sink: SqlSink): Promise<void> {
  const grantee = "case when a.grantee = 0 then 'PUBLIC' else quote_ident(a.grantee::regrole::text) end";
  const option = "case when a.is_grantable then ' WITH GRANT OPTION' else '' end";
  return emit(
    client,
    `with objects as (
       select 1 as step, n.oid::int8 as ord, 'SCHEMA ' || quote_ident(n.nspname) as target, n.nspacl as acl, n.nspowner as owner, null::text as col
         from pg_namespace n where n.nspname = any($1) and n.nspacl is not null
       union all
       select 2, c.oid::int8, case when c.relkind = 'S' then 'SEQUENCE ' else 'TABLE ' end || format('%I.%I', n.nspname, c.relname), c.relacl, c.relowner, null
         from pg_class c join pg_namespace n on n.oid = c.relnamespace
        where c.relkind in ('r', 'p', 'v', 'm', 'S', 'f') and n.nspname = any($1) and c.relacl is not null and ${NOT_FROM_EXTENSION("c.oid")}
       union all
       select 3, c.oid::int8, format('TABLE %I.%I', n.nspname, c.relname), a.attacl, c.relowner, a.attname::text
         from pg_attribute a join pg_class c on c.oid = a.attrelid join pg_namespace n on n.oid = c.relnamespace
        where a.attacl is not null and a.attnum > 0 and not a.attisdropped and n.nspname = any($1) and ${NOT_FROM_EXTENSION("c.oid")}
       union all
       select 4, p.oid::int8, format('%s %I.%I(%s)', case when p.prokind = 'p' then 'PROCEDURE' else 'FUNCTION' end, n.nspname, p.proname,
              pg_get_function_identity_arguments(p.oid)), p.proacl, p.proowner, null
         from pg_proc p join pg_namespace n on n.oid = p.pronamespace
        where p.proacl is not null and n.nspname = any($1) and ${NOT_FROM_EXTENSION("p.oid", "pg_proc")}
     )
     select sql from (
       select step, ord, 0 as sub, format('REVOKE ALL ON %s FROM ${API_ROLES};', target) as sql from objects where col is null
       union all
       select o.step, o.ord, 1, case when o.col is null
                                 then format('GRANT %s ON %s TO %s%s;', a.privilege_type, o.target, ${grantee}, ${option})
                                 else format('GRANT %s (%I) ON %s TO %s%s;', a.privilege_type, o.col, o.target, ${grantee}, ${option}) end
         from objects o cross join lateral aclexplode(o.acl) a where a.grantee <> o.owner
     ) s order by step, ord, sub, sql`,
    schemas,
    sink,
  );
}

/** Tables published for realtime (or any publication) on the source. */
export function dumpPublications(client: pg.ClientBase, schemas: string[], sink: SqlSink): Promise<void> {
  return emit(
    client,
    `select format('ALTER PUBLICATION %I ADD TABLE ONLY %I.%I;', pubname, schemaname, tablename) as sql
       from pg_publication_tables where schemaname = any($1) order by pubname, schemaname, tablename`,
    schemas,
    sink,
  );
}
