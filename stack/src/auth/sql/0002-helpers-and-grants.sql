-- The SQL helpers RLS policies use, exactly as supabase/auth defines them
-- (migrations 20220224000811_update_auth_functions, 20220531120530_add_auth_jwt_function).
create or replace function auth.uid() returns uuid language sql stable as $$
  select coalesce(
    nullif(current_setting('request.jwt.claim.sub', true), ''),
    (nullif(current_setting('request.jwt.claims', true), '')::jsonb ->> 'sub')
  )::uuid
$$;
create or replace function auth.role() returns text language sql stable as $$
  select coalesce(
    nullif(current_setting('request.jwt.claim.role', true), ''),
    (nullif(current_setting('request.jwt.claims', true), '')::jsonb ->> 'role')
  )::text
$$;
create or replace function auth.email() returns text language sql stable as $$
  select coalesce(
    nullif(current_setting('request.jwt.claim.email', true), ''),
    (nullif(current_setting('request.jwt.claims', true), '')::jsonb ->> 'email')
  )::text
$$;
create or replace function auth.jwt() returns jsonb language sql stable as $$
  select coalesce(
    nullif(current_setting('request.jwt.claim', true), ''),
    nullif(current_setting('request.jwt.claims', true), '')
  )::jsonb
$$;
comment on function auth.uid() is 'Deprecated. Use auth.jwt() -> ''sub'' instead.';
comment on function auth.role() is 'Deprecated. Use auth.jwt() -> ''role'' instead.';
comment on function auth.email() is 'Deprecated. Use auth.jwt() -> ''email'' instead.';

grant execute on function auth.uid(), auth.role(), auth.email(), auth.jwt()
  to anon, authenticated, service_role, postgres, dashboard_user;

-- Owned by supabase_auth_admin as on hosted; RLS on; postgres may read with grant option.
do $$
declare t text;
begin
  foreach t in array array['schema_migrations', 'instances', 'users', 'identities', 'sessions', 'refresh_tokens',
    'mfa_factors', 'mfa_challenges', 'mfa_amr_claims', 'flow_state', 'one_time_tokens', 'audit_log_entries',
    'sso_providers', 'sso_domains', 'saml_providers', 'saml_relay_states']
  loop
    execute format('alter table auth.%I owner to supabase_auth_admin', t);
    execute format('alter table auth.%I enable row level security', t);
    execute format('grant select on auth.%I to postgres with grant option', t);
    execute format('grant all on auth.%I to dashboard_user', t);
  end loop;
end $$;
alter sequence auth.refresh_tokens_id_seq owner to supabase_auth_admin;
alter function auth.uid() owner to supabase_auth_admin;
alter function auth.role() owner to supabase_auth_admin;
alter function auth.email() owner to supabase_auth_admin;
alter function auth.jwt() owner to supabase_auth_admin;
-- Project triggers on auth.users (e.g. "create a profile row") run as the auth admin on hosted.
grant usage on schema public to supabase_auth_admin;
