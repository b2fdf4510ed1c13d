-- The newer listing functions with upstream's names and signatures,
-- for projects and tools that call them. Security invoker: SELECT policies decide, as upstream.

-- One level under prefix_param: keys, plus each deeper "folder" once as <prefix><segment><delimiter>.
create or replace function storage.list_objects_with_delimiter(
  _bucket_id text,
  prefix_param text,
  delimiter_param text,
  max_keys integer default 100,
  start_after text default '',
  next_token text default '',
  sort_order text default 'asc'
) returns table (name text, id uuid, metadata jsonb, updated_at timestamptz, created_at timestamptz, last_accessed_at timestamptz)
  security invoker language plpgsql stable as $$
begin
  return query execute format($q$
    select distinct on (e.name collate "C") e.name,
           case when e.is_folder then null else e.id end,
           case when e.is_folder then null else e.metadata end,
           case when e.is_folder then null else e.updated_at end,
           case when e.is_folder then null else e.created_at end,
           case when e.is_folder then null else e.last_accessed_at end
    from (
      select coalesce(storage.get_common_prefix(o.name, $2, $3), o.name) as name,
             storage.get_common_prefix(o.name, $2, $3) is not null as is_folder,
             o.id, o.metadata, o.updated_at, o.created_at, o.last_accessed_at
      from storage.objects o
      where o.bucket_id = $1 and starts_with(o.name, coalesce($2, ''))
    ) e
    where (coalesce($5, '') = '' or e.name collate "C" %1$s $5)
      and (coalesce($6, '') = '' or e.name collate "C" %1$s $6)
    order by e.name collate "C" %2$s
    limit $4
  $q$, case when lower(sort_order) = 'desc' then '<' else '>' end, case when lower(sort_order) = 'desc' then 'desc' else 'asc' end)
  using _bucket_id, coalesce(prefix_param, ''), delimiter_param, max_keys, start_after, next_token;
end
$$;

-- One level under prefix, sorted by a timestamp column (name breaks ties), after a cursor.
create or replace function storage.search_by_timestamp(
  p_prefix text,
  p_bucket_id text,
  p_limit int,
  p_level int,
  p_start_after text,
  p_sort_order text,
  p_sort_column text,
  p_sort_column_after text
) returns table (key text, name text, id uuid, updated_at timestamptz, created_at timestamptz, last_accessed_at timestamptz, metadata jsonb)
  security invoker language plpgsql stable as $$
declare
  v_column text := case when lower(p_sort_column) = 'created_at' then 'created_at' else 'updated_at' end;
  v_desc boolean := lower(coalesce(p_sort_order, 'asc')) = 'desc';
begin
  return query execute format($q$
    select split_part(substr(o.name, length($1) + 1), '/', 1) as key, o.name, o.id, o.updated_at, o.created_at, o.last_accessed_at, o.metadata
    from storage.objects o
    where o.bucket_id = $2 and starts_with(o.name, $1) and position('/' in substr(o.name, length($1) + 1)) = 0
      and (coalesce($4, '') = '' or (o.%1$I, o.name collate "C") %2$s ($4::timestamptz, coalesce($3, '') collate "C"))
    order by o.%1$I %3$s, o.name collate "C" %3$s
    limit $5
  $q$, v_column, case when v_desc then '<' else '>' end, case when v_desc then 'desc' else 'asc' end)
  using coalesce(p_prefix, ''), p_bucket_id, p_start_after, p_sort_column_after, p_limit;
end
$$;

-- One level under prefix: folders (key = segment, name = full prefix with '/') and files.
create or replace function storage.search_v2(
  prefix text,
  bucket_name text,
  limits int default 100,
  levels int default 1,
  start_after text default '',
  sort_order text default 'asc',
  sort_column text default 'name',
  sort_column_after text default ''
) returns table (key text, name text, id uuid, updated_at timestamptz, created_at timestamptz, last_accessed_at timestamptz, metadata jsonb)
  security invoker language plpgsql stable as $$
begin
  if lower(coalesce(sort_column, 'name')) in ('created_at', 'updated_at') then
    return query select * from storage.search_by_timestamp(prefix, bucket_name, limits, levels, start_after, sort_order, sort_column, sort_column_after);
    return;
  end if;
  return query
    select case when l.id is null then left(substr(l.name, length(coalesce(prefix, '')) + 1), -1)
                else substr(l.name, length(coalesce(prefix, '')) + 1) end,
           l.name, l.id, l.updated_at, l.created_at, l.last_accessed_at, l.metadata
    from storage.list_objects_with_delimiter(bucket_name, prefix, '/', limits, start_after, '', sort_order) l;
end
$$;

do $$
declare
  f text;
begin
  foreach f in array array['list_objects_with_delimiter(text, text, text, integer, text, text, text)',
    'search_by_timestamp(text, text, int, int, text, text, text, text)', 'search_v2(text, text, int, int, text, text, text, text)']
  loop
    execute format('alter function storage.%s owner to supabase_storage_admin', f);
    execute format('grant execute on function storage.%s to anon, authenticated, service_role, postgres', f);
  end loop;
end
$$;
