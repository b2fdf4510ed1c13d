-- The storage schema's tables as supabase/storage leaves them after its tenant migrations 0001-0063:
-- same names, columns, defaults, indexes and grants, so projects'
-- migrations that insert buckets and create policies on storage.objects run unchanged.
do $$
begin
  if not exists (select 1 from pg_type t join pg_namespace n on n.oid = t.typnamespace where n.nspname = 'storage' and t.typname = 'buckettype') then
    create type storage.buckettype as enum ('STANDARD', 'ANALYTICS', 'VECTOR');
  end if;
end
$$;

create table if not exists storage.migrations (
  id integer primary key,
  name varchar(100) unique not null,
  hash varchar(40) not null,
  executed_at timestamp default current_timestamp
);

create table if not exists storage.buckets (
  id text not null primary key,
  name text not null,
  owner uuid,
  created_at timestamptz default now(),
  updated_at timestamptz default now(),
  public boolean default false,
  avif_autodetection boolean default false,
  file_size_limit bigint,
  allowed_mime_types text[],
  owner_id text,
  type storage.buckettype not null default 'STANDARD',
  versioning_status text not null default 'DISABLED',
  constraint buckets_versioning_status_check check (versioning_status in ('DISABLED', 'ENABLED', 'SUSPENDED')),
  constraint buckets_versioning_standard_only_check check (type = 'STANDARD' or versioning_status = 'DISABLED'),
  constraint buckets_versioning_dark_check check (versioning_status = 'DISABLED')
);
create unique index if not exists bname on storage.buckets using btree (name);

create table if not exists storage.objects (
  id uuid not null default gen_random_uuid() primary key,
  bucket_id text,
  name text,
  owner uuid,
  created_at timestamptz default now(),
  updated_at timestamptz default now(),
  last_accessed_at timestamptz default now(),
  metadata jsonb,
  path_tokens text[] generated always as (string_to_array(name, '/')) stored,
  version text,
  owner_id text,
  user_metadata jsonb,
  archived_at timestamptz,
  is_delete_marker boolean not null default false,
  is_versioned boolean not null default false,
  constraint "objects_bucketId_fkey" foreign key (bucket_id) references storage.buckets (id)
);
create unique index if not exists bucketid_objname on storage.objects using btree (bucket_id, name);
create index if not exists name_prefix_search on storage.objects using btree (name text_pattern_ops);
create index if not exists idx_objects_bucket_id_name on storage.objects (bucket_id, name collate "C");
create index if not exists idx_objects_bucket_id_name_lower on storage.objects (bucket_id, lower(name) collate "C");

-- Hosted-only features: the tables exist, nothing uses them here.
create table if not exists storage.s3_multipart_uploads (
  id text primary key,
  in_progress_size bigint not null default 0,
  upload_signature text not null,
  bucket_id text not null references storage.buckets (id),
  key text collate "C" not null,
  version text not null,
  owner_id text,
  created_at timestamptz not null default now(),
  user_metadata jsonb,
  metadata jsonb
);
create table if not exists storage.s3_multipart_uploads_parts (
  id uuid primary key default gen_random_uuid(),
  upload_id text not null references storage.s3_multipart_uploads (id) on delete cascade,
  size bigint not null default 0,
  part_number int not null,
  bucket_id text not null references storage.buckets (id),
  key text collate "C" not null,
  etag text not null,
  owner_id text,
  version text not null,
  created_at timestamptz not null default now()
);
create index if not exists idx_multipart_uploads_list on storage.s3_multipart_uploads (bucket_id, key, created_at);

create table if not exists storage.buckets_analytics (
  name text not null,
  type storage.buckettype not null default 'ANALYTICS',
  format text not null default 'ICEBERG',
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  id uuid not null default gen_random_uuid() primary key,
  deleted_at timestamptz
);
create unique index if not exists buckets_analytics_unique_name_idx on storage.buckets_analytics (name) where deleted_at is null;
create table if not exists storage.iceberg_namespaces (
  id uuid primary key default gen_random_uuid(),
  bucket_name text not null,
  name text collate "C" not null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  metadata jsonb not null default '{}',
  catalog_id uuid references storage.buckets_analytics (id) on delete cascade
);
create table if not exists storage.iceberg_tables (
  id uuid primary key default gen_random_uuid(),
  namespace_id uuid not null references storage.iceberg_namespaces (id) on delete cascade,
  bucket_name text not null,
  name text collate "C" not null,
  location text not null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  remote_table_id text,
  shard_key text,
  shard_id text,
  catalog_id uuid references storage.buckets_analytics (id) on delete cascade
);
create table if not exists storage.buckets_vectors (
  id text not null primary key,
  type storage.buckettype not null default 'VECTOR',
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create table if not exists storage.vector_indexes (
  id text primary key default gen_random_uuid(),
  name text collate "C" not null,
  bucket_id text not null references storage.buckets_vectors (id),
  data_type text not null,
  dimension integer not null,
  distance_metric text not null,
  metadata_configuration jsonb,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create unique index if not exists vector_indexes_name_bucket_id_idx on storage.vector_indexes (name, bucket_id);

alter table storage.migrations enable row level security;
alter table storage.buckets enable row level security;
alter table storage.objects enable row level security;
alter table storage.s3_multipart_uploads enable row level security;
alter table storage.s3_multipart_uploads_parts enable row level security;
alter table storage.buckets_analytics enable row level security;
alter table storage.iceberg_namespaces enable row level security;
alter table storage.iceberg_tables enable row level security;
alter table storage.buckets_vectors enable row level security;
alter table storage.vector_indexes enable row level security;

do $$
declare
  t text;
begin
  foreach t in array array['migrations', 'buckets', 'objects', 's3_multipart_uploads', 's3_multipart_uploads_parts',
    'buckets_analytics', 'iceberg_namespaces', 'iceberg_tables', 'buckets_vectors', 'vector_indexes']
  loop
    execute format('alter table storage.%I owner to supabase_storage_admin', t);
  end loop;
end
$$;
alter type storage.buckettype owner to supabase_storage_admin;

grant all on storage.buckets, storage.objects, storage.migrations to anon, authenticated, service_role, postgres;
grant all on storage.s3_multipart_uploads, storage.s3_multipart_uploads_parts to service_role, postgres;
grant select on storage.s3_multipart_uploads, storage.s3_multipart_uploads_parts to anon, authenticated;
grant all on storage.buckets_analytics to anon, authenticated, service_role, postgres;
grant all on storage.iceberg_namespaces, storage.iceberg_tables to service_role, postgres;
grant select on storage.iceberg_namespaces, storage.iceberg_tables to anon, authenticated;
grant select on storage.buckets_vectors, storage.vector_indexes to anon, authenticated, service_role, postgres;
alter role supabase_storage_admin set search_path = storage;
