import type pg from "pg";
import { quotePath } from "./dump-scope.ts";
import type { SqlSink } from "./sql-sink.ts";

/** Roles every Supabase database has (the CLI's reserved roles): a role dump leaves them out. */
export const RESERVED_ROLES = [
  "postgres",
  "anon",
  "authenticated",
  "authenticator",
  "dashboard_user",
  "pgbouncer",
  "service_role",
  "supabase_admin",
  "supabase_auth_admin",
  "supabase_functions_admin",
  "supabase_read_only_user",
  "supabase_realtime_admin",
  "supabase_replication_admin",
  "supabase_storage_admin",
  "supabase_etl_admin",
  "supabase_privileged_role",
  "pgsodium_keyholder",
  "pgsodium_keyiduser",
  "pgsodium_keymaker",
  "pgtle_admin",
];

/**
 * `db dump --role-only`: the roles a project created itself (not `pg_*`, not the platform's), with
 * their attributes and memberships, as pg_dumpall's roles section. Passwords are not dumped, as on
 * hosted Supabase where they cannot be read.
 */
export async function dumpRoles(client: pg.ClientBase, sink: SqlSink): Promise<number> {
  const { rows } = await client.query<{ name: string; options: string }>(
    `select rolname as name,
            concat_ws(' ',
              case when rolsuper then 'SUPERUSER' else 'NOSUPERUSER' end,
              case when rolinherit then 'INHERIT' else 'NOINHERIT' end,
              case when rolcreaterole then 'CREATEROLE' else 'NOCREATEROLE' end,
              case when rolcreatedb then 'CREATEDB' else 'NOCREATEDB' end,
              case when rolcanlogin then 'LOGIN' else 'NOLOGIN' end,
              case when rolreplication then 'REPLICATION' else 'NOREPLICATION' end,
              case when rolbypassrls then 'BYPASSRLS' else 'NOBYPASSRLS' end) as options
       from pg_roles
      where rolname !~ '^pg_' and rolname <> all($1)
      order by rolname`,
    [RESERVED_ROLES],
  );
  await sink("-- Parley Stack role dump\n");
  for (const role of rows) {
    await sink(`CREATE ROLE ${quotePath(role.name)};\nALTER ROLE ${quotePath(role.name)} WITH ${role.options};\n`);
  }
  const names = rows.map((role) => role.name);
  const grants = await client.query<{ role: string; member: string }>(
    `select r.rolname as role, m.rolname as member
       from pg_auth_members a join pg_roles r on r.oid = a.roleid join pg_roles m on m.oid = a.member
      where m.rolname = any($1) order by 2, 1`,
    [names],
  );
  for (const grant of grants.rows) await sink(`GRANT ${quotePath(grant.role)} TO ${quotePath(grant.member)};\n`);
  return rows.length;
}
