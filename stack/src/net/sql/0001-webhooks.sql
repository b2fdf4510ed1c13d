-- What a new Supabase CLI local project has for Database Webhooks: pg_net in `extensions`, the
-- request functions callable by the API roles (as security definer), and the `supabase_functions`
-- schema with its `hooks` log and the `http_request()` trigger function the dashboard's webhooks use.
do $$
begin
  if not exists (select 1 from pg_roles where rolname = 'supabase_functions_admin') then
    create role supabase_functions_admin noinherit createrole login noreplication password 'postgres';
  end if;
end
$$;

create extension if not exists pg_net with schema extensions;

grant usage on schema net to supabase_functions_admin, postgres, anon, authenticated, service_role;
alter function net.http_get(text, jsonb, jsonb, integer) security definer set search_path = net;
alter function net.http_post(text, jsonb, jsonb, jsonb, integer) security definer set search_path = net;
alter function net.http_delete(text, jsonb, jsonb, integer, jsonb) security definer set search_path = net;
revoke all on function net.http_get(text, jsonb, jsonb, integer) from public;
revoke all on function net.http_post(text, jsonb, jsonb, jsonb, integer) from public;
revoke all on function net.http_delete(text, jsonb, jsonb, integer, jsonb) from public;
grant execute on function net.http_get(text, jsonb, jsonb, integer)
  to supabase_functions_admin, postgres, anon, authenticated, service_role;
grant execute on function net.http_post(text, jsonb, jsonb, jsonb, integer)
  to supabase_functions_admin, postgres, anon, authenticated, service_role;
grant execute on function net.http_delete(text, jsonb, jsonb, integer, jsonb)
  to supabase_functions_admin, postgres, anon, authenticated, service_role;

create schema if not exists supabase_functions authorization supabase_functions_admin;
grant usage on schema supabase_functions to postgres, anon, authenticated, service_role;
alter default privileges in schema supabase_functions grant all on tables to postgres, anon, authenticated, service_role;
alter default privileges in schema supabase_functions grant all on functions to postgres, anon, authenticated, service_role;
alter default privileges in schema supabase_functions grant all on sequences to postgres, anon, authenticated, service_role;

create table supabase_functions.migrations (
  version text primary key,
  inserted_at timestamptz not null default now()
);
insert into supabase_functions.migrations (version) values ('initial'), ('20210809183423_update_grants');

-- One row per webhook call: which table's trigger fired and the pg_net request it queued.
create table supabase_functions.hooks (
  id bigserial primary key,
  hook_table_id integer not null,
  hook_name text not null,
  created_at timestamptz not null default now(),
  request_id bigint
);
create index supabase_functions_hooks_request_id_idx on supabase_functions.hooks using btree (request_id);
create index supabase_functions_hooks_h_table_id_h_name_idx on supabase_functions.hooks using btree (hook_table_id, hook_name);
comment on table supabase_functions.hooks is 'Supabase Functions Hooks: Audit trail for triggered hooks.';

-- The trigger behind Database Webhooks:
--   create trigger … after insert or update or delete on … for each row
--   execute function supabase_functions.http_request(url, method, headers_json, params_json, timeout_ms);
-- POST sends {type, table, schema, record, old_record}; GET sends no body.
create function supabase_functions.http_request() returns trigger
language plpgsql security definer set search_path = supabase_functions as $$
declare
  request_id bigint;
  payload jsonb;
  url text := TG_ARGV[0]::text;
  method text := TG_ARGV[1]::text;
  headers jsonb := '{"Content-Type": "application/json"}'::jsonb;
  params jsonb := '{}'::jsonb;
  timeout_ms integer := 1000;
begin
  if url is null or url = 'null' then
    raise exception 'url argument is missing';
  end if;
  if method is null or method = 'null' then
    raise exception 'method argument is missing';
  end if;
  if TG_ARGV[2] is not null and TG_ARGV[2] <> 'null' then
    headers := TG_ARGV[2]::jsonb;
  end if;
  if TG_ARGV[3] is not null and TG_ARGV[3] <> 'null' then
    params := TG_ARGV[3]::jsonb;
  end if;
  if TG_ARGV[4] is not null and TG_ARGV[4] <> 'null' then
    timeout_ms := TG_ARGV[4]::integer;
  end if;
  case
    when method = 'GET' then
      request_id := net.http_get(url, params, headers, timeout_ms);
    when method = 'POST' then
      payload := jsonb_build_object(
        'old_record', OLD,
        'record', NEW,
        'type', TG_OP,
        'table', TG_TABLE_NAME,
        'schema', TG_TABLE_SCHEMA
      );
      request_id := net.http_post(url, payload, params, headers, timeout_ms);
    else
      raise exception 'method argument % is invalid', method;
  end case;
  insert into supabase_functions.hooks (hook_table_id, hook_name, request_id)
  values (TG_RELID, TG_NAME, request_id);
  return NEW;
end
$$;

grant all on all tables in schema supabase_functions to postgres, anon, authenticated, service_role;
grant all on all sequences in schema supabase_functions to postgres, anon, authenticated, service_role;
grant execute on function supabase_functions.http_request() to postgres, anon, authenticated, service_role;
alter function supabase_functions.http_request() owner to supabase_functions_admin;
alter table supabase_functions.hooks owner to supabase_functions_admin;
alter table supabase_functions.migrations owner to supabase_functions_admin;
grant supabase_functions_admin to postgres;
