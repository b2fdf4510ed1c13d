-- auth.uid(), auth.role(), auth.email() and auth.jwt() come with the database's platform SQL
-- (db/platform/0004-auth-helpers.sql), as the Supabase image creates them before GoTrue runs.
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
-- Project triggers on auth.users (e.g. "create a profile row") run as the auth admin on hosted.
grant usage on schema public to supabase_auth_admin;
