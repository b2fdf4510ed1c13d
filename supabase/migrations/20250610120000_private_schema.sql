-- Extensions Parley uses, in Supabase's `extensions` schema. A new hosted project has pgcrypto but
-- not necessarily pg_trgm (search) or citext (handles); on Parley Stack all three exist already.
create extension if not exists pgcrypto with schema extensions;
create extension if not exists pg_trgm with schema extensions;
create extension if not exists citext with schema extensions;

-- A schema for helpers that policies call. It is not in [api] schemas, so PostgREST never exposes
-- it; only the API roles' USAGE is granted, so policies (run as the caller) can call the helpers.
create schema if not exists private;
revoke all on schema private from public;
grant usage on schema private to anon, authenticated, service_role;

-- (PostgreSQL lets every role execute new functions; that is harmless here because these helpers
-- only answer questions about the caller and are reachable from SQL, never from the REST API.)

-- Keeps `updated_at` honest whatever the client sends.
create or replace function private.touch_updated_at() returns trigger
  language plpgsql
  set search_path = ''
as $$
begin
  new.updated_at := now();
  return new;
end
$$;
