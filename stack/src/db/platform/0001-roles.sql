-- The roles a Supabase database has, with the same names and grants model
-- (supabase/postgres: migrations/db/init-scripts). Roles are cluster-wide, so created only when missing.
do $$
declare
  r record;
begin
  for r in
    select * from (values
      ('anon', 'nologin noinherit'),
      ('authenticated', 'nologin noinherit'),
      ('service_role', 'nologin noinherit bypassrls'),
      ('authenticator', 'login noinherit password ''postgres'''),
      ('supabase_admin', 'login superuser createdb createrole replication bypassrls password ''postgres'''),
      ('supabase_auth_admin', 'login noinherit createrole password ''postgres'''),
      ('supabase_storage_admin', 'login noinherit createrole password ''postgres'''),
      ('supabase_realtime_admin', 'nologin noinherit'),
      ('supabase_replication_admin', 'login replication password ''postgres'''),
      ('supabase_read_only_user', 'login bypassrls password ''postgres'''),
      ('dashboard_user', 'nologin createdb createrole replication'),
      ('pgbouncer', 'login password ''postgres''')
    ) as t(name, options)
  loop
    if not exists (select 1 from pg_roles where rolname = r.name) then
      execute format('create role %I with %s', r.name, r.options);
    end if;
  end loop;
end
$$;

grant anon, authenticated, service_role to authenticator;
grant anon, authenticated, service_role to postgres with admin option;
grant authenticator to supabase_storage_admin;
grant pg_read_all_data to supabase_read_only_user;

-- PostgREST applies these per request.
alter role anon set statement_timeout = '3s';
alter role authenticated set statement_timeout = '8s';
alter role authenticator set statement_timeout = '8s';
