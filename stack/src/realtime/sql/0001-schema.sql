-- The realtime schema objects user code and policies reference, as supabase/realtime's tenant
-- migrations leave them. wal2json-only helpers (apply_rls, list_changes)
-- are not created: Parley Stack decodes pgoutput and checks visibility per subscriber itself.
do $$
begin
  if not exists (select 1 from pg_type where typname = 'action' and typnamespace = 'realtime'::regnamespace) then
    create type realtime.action as enum ('INSERT', 'UPDATE', 'DELETE', 'TRUNCATE', 'ERROR');
  end if;
  if not exists (select 1 from pg_type where typname = 'equality_op' and typnamespace = 'realtime'::regnamespace) then
    create type realtime.equality_op as enum ('eq', 'neq', 'lt', 'lte', 'gt', 'gte', 'in', 'like', 'ilike', 'is', 'match', 'imatch', 'isdistinct');
  end if;
  if not exists (select 1 from pg_type where typname = 'user_defined_filter' and typnamespace = 'realtime'::regnamespace) then
    create type realtime.user_defined_filter as (column_name text, op realtime.equality_op, value text, negate boolean);
  end if;
  if not exists (select 1 from pg_type where typname = 'wal_column' and typnamespace = 'realtime'::regnamespace) then
    create type realtime.wal_column as (name text, type_name text, type_oid oid, value jsonb, is_pkey boolean, is_selectable boolean);
  end if;
  if not exists (select 1 from pg_type where typname = 'wal_rls' and typnamespace = 'realtime'::regnamespace) then
    create type realtime.wal_rls as (wal jsonb, is_rls_enabled boolean, subscription_ids uuid[], errors text[]);
  end if;
end
$$;

-- Partitioned by day upstream; one default partition here, pruned after 72 h.
create table if not exists realtime.messages (
  topic text not null,
  extension text not null,
  payload jsonb,
  event text,
  private boolean default false,
  updated_at timestamp without time zone not null default now(),
  inserted_at timestamp without time zone not null default now(),
  id uuid not null default gen_random_uuid(),
  binary_payload bytea,
  constraint messages_pkey primary key (id, inserted_at),
  constraint messages_payload_exclusivity check (payload is null or binary_payload is null)
) partition by range (inserted_at);
create table if not exists realtime.messages_default partition of realtime.messages default;
create index if not exists messages_inserted_at_topic_index on realtime.messages (inserted_at desc, topic)
  where extension = 'broadcast' and private is true;
alter table realtime.messages enable row level security;
grant insert, select, update on realtime.messages to anon, authenticated, service_role;

create or replace function realtime.to_regrole(role_name text) returns regrole
  language sql immutable as $$ select role_name::regrole $$;

create table if not exists realtime.subscription (
  id bigint generated always as identity primary key,
  subscription_id uuid not null,
  entity regclass not null,
  filters realtime.user_defined_filter[] not null default '{}',
  claims jsonb not null,
  claims_role regrole not null generated always as (realtime.to_regrole(claims ->> 'role')) stored,
  created_at timestamp not null default timezone('utc', now()),
  action_filter text default '*' check (action_filter in ('*', 'INSERT', 'UPDATE', 'DELETE')),
  selected_columns text[]
);
create index if not exists ix_realtime_subscription_entity on realtime.subscription (entity);
grant select on realtime.subscription to anon, authenticated, service_role;

-- Publishes realtime.messages inserts (DB broadcasts) on the replication stream, as upstream's
-- supabase_realtime_messages_publication does.
do $$
begin
  if not exists (select 1 from pg_publication where pubname = 'supabase_realtime_messages_publication') then
    create publication supabase_realtime_messages_publication for table realtime.messages
      with (publish = 'insert', publish_via_partition_root = true);
  end if;
end
$$;

alter table realtime.messages owner to supabase_realtime_admin;
alter table realtime.subscription owner to supabase_realtime_admin;
