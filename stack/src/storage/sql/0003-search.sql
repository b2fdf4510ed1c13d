-- v1 listing (`POST /object/list/{bucket}`), with upstream's signature and result:
-- one level below `prefix`, names relative to it, folders as rows
-- with null id. Runs as the invoker, so SELECT policies on storage.objects decide.
create or replace function storage.search(
  prefix text,
  bucketname text,
  limits int default 100,
  levels int default 1,
  offsets int default 0,
  search text default '',
  sortcolumn text default 'name',
  sortorder text default 'asc'
) returns table (name text, id uuid, updated_at timestamptz, created_at timestamptz, last_accessed_at timestamptz, metadata jsonb)
  security invoker language plpgsql stable as $$
declare
  v_prefix text := coalesce(prefix, '');
  v_match text := coalesce(prefix, '') || coalesce(search, '');
  v_limit int := least(coalesce(limits, 100), 1500);
  v_desc boolean := lower(coalesce(sortorder, 'asc')) = 'desc';
  v_column text := case lower(coalesce(sortcolumn, 'name'))
    when 'updated_at' then 'updated_at' when 'created_at' then 'created_at'
    when 'last_accessed_at' then 'last_accessed_at' else 'name' end;
begin
  if v_column = 'name' then
    return query execute format($q$
      with matched as (
        select o.id, o.updated_at, o.created_at, o.last_accessed_at, o.metadata,
               substr(o.name, length($1) + 1) as rest
        from storage.objects o
        where o.bucket_id = $2 and starts_with(lower(o.name) collate "C", lower($3) collate "C")
      ), entries as (
        select distinct on (lower(split_part(m.rest, '/', 1)) collate "C")
               split_part(m.rest, '/', 1) as name, null::uuid as id, null::timestamptz as updated_at,
               null::timestamptz as created_at, null::timestamptz as last_accessed_at, null::jsonb as metadata
        from matched m where position('/' in m.rest) > 0
        order by lower(split_part(m.rest, '/', 1)) collate "C", split_part(m.rest, '/', 1) collate "C"
      ), files as (
        select m.rest as name, m.id, m.updated_at, m.created_at, m.last_accessed_at, m.metadata
        from matched m where position('/' in m.rest) = 0
      )
      select * from (select * from entries union all select * from files) e
      order by lower(e.name) collate "C" %1$s, e.name collate "C" %1$s
      limit $4 offset $5
    $q$, case when v_desc then 'desc' else 'asc' end)
    using v_prefix, bucketname, v_match, v_limit, coalesce(offsets, 0);
  else
    return query execute format($q$
      with matched as (
        select o.*, substr(o.name, length($1) + 1) as rest
        from storage.objects o
        where o.bucket_id = $2 and starts_with(o.name, $1) and starts_with(lower(substr(o.name, length($1) + 1)), lower($3))
      ), folders as (
        select distinct split_part(m.rest, '/', 1) as name from matched m where position('/' in m.rest) > 0
      )
      select e.name, e.id, e.updated_at, e.created_at, e.last_accessed_at, e.metadata from (
        select 0 as grp, f.name, null::uuid as id, null::timestamptz as updated_at, null::timestamptz as created_at,
               null::timestamptz as last_accessed_at, null::jsonb as metadata, null::timestamptz as sort_value
        from folders f
        union all
        select 1, m.rest, m.id, m.updated_at, m.created_at, m.last_accessed_at, m.metadata, m.%2$I
        from matched m where position('/' in m.rest) = 0
      ) e
      order by e.grp, e.sort_value %1$s, e.name collate "C" %1$s
      limit $4 offset $5
    $q$, case when v_desc then 'desc' else 'asc' end, v_column)
    using v_prefix, bucketname, coalesce(search, ''), v_limit, coalesce(offsets, 0);
  end if;
end
$$;

do $$
declare
  f text;
begin
  foreach f in array array['foldername(text)', 'filename(text)', 'extension(text)', 'get_size_by_bucket()',
    'can_insert_object(text, text, uuid, jsonb)', 'operation()', 'allow_only_operation(text)',
    'allow_any_operation(text[])', 'get_common_prefix(text, text, text)', 'update_updated_at_column()',
    'enforce_bucket_name_length()', 'protect_delete()', 'search(text, text, int, int, int, text, text, text)']
  loop
    execute format('alter function storage.%s owner to supabase_storage_admin', f);
    execute format('grant execute on function storage.%s to anon, authenticated, service_role, postgres', f);
  end loop;
end
$$;
