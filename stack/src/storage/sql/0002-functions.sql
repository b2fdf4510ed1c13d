-- The storage schema's functions and triggers with upstream's names and signatures;
-- bodies are Parley Stack's own.

create or replace function storage.foldername(name text) returns text[]
  language plpgsql immutable as $$
declare
  parts text[] := string_to_array(name, '/');
begin
  return parts[1 : array_length(parts, 1) - 1];
end
$$;

create or replace function storage.filename(name text) returns text
  language plpgsql immutable as $$
declare
  parts text[] := string_to_array(name, '/');
begin
  return parts[array_length(parts, 1)];
end
$$;

create or replace function storage.extension(name text) returns text
  language plpgsql immutable as $$
declare
  parts text[] := string_to_array(name, '/');
  last_part text := parts[array_length(parts, 1)];
begin
  return reverse(split_part(reverse(last_part), '.', 1));
end
$$;

create or replace function storage.get_size_by_bucket() returns table (size bigint, bucket_id text)
  language plpgsql stable as $$
begin
  return query
    select sum((o.metadata ->> 'size')::bigint)::bigint, o.bucket_id
    from storage.objects o
    group by o.bucket_id;
end
$$;

-- Legacy permission probe: the insert is undone by the raised PT200.
create or replace function storage.can_insert_object(bucketid text, name text, owner uuid, metadata jsonb) returns void
  language plpgsql as $$
begin
  insert into storage.objects (bucket_id, name, owner, metadata) values (bucketid, name, owner, metadata);
  raise sqlstate 'PT200' using message = 'ROLLBACK', detail = 'rollback successful insert';
end
$$;

create or replace function storage.operation() returns text
  language plpgsql stable as $$
begin
  return current_setting('storage.operation', true);
end
$$;

create or replace function storage.allow_only_operation(expected_operation text) returns boolean
  language sql stable as $$
  select case
    when expected_operation is null or expected_operation = '' then false
    else coalesce(regexp_replace(storage.operation(), '^storage\.', '') = regexp_replace(expected_operation, '^storage\.', ''), false)
  end
$$;

create or replace function storage.allow_any_operation(expected_operations text[]) returns boolean
  language sql stable as $$
  select exists (
    select 1 from unnest(expected_operations) as expected
    where expected is not null and expected <> ''
      and regexp_replace(storage.operation(), '^storage\.', '') = regexp_replace(expected, '^storage\.', '')
  )
$$;

create or replace function storage.get_common_prefix(p_key text, p_prefix text, p_delimiter text) returns text
  language sql immutable as $$
  select case
    when position(p_delimiter in substring(p_key from length(p_prefix) + 1)) > 0
      then left(p_key, length(p_prefix) + position(p_delimiter in substring(p_key from length(p_prefix) + 1)))
    else null
  end
$$;

create or replace function storage.update_updated_at_column() returns trigger
  language plpgsql as $$
begin
  new.updated_at = now();
  return new;
end
$$;

create or replace function storage.enforce_bucket_name_length() returns trigger
  language plpgsql as $$
begin
  if length(new.name) > 100 then
    raise exception 'bucket name "%" is too long (% characters). Max is 100.', new.name, length(new.name);
  end if;
  return new;
end
$$;

create or replace function storage.protect_delete() returns trigger
  language plpgsql as $$
begin
  if coalesce(current_setting('storage.allow_delete_query', true), 'false') <> 'true' then
    raise exception 'Direct deletion from storage tables is not allowed. Use the Storage API instead.'
      using hint = 'This prevents accidental data loss from orphaned objects.', errcode = '42501';
  end if;
  return null;
end
$$;

drop trigger if exists update_objects_updated_at on storage.objects;
create trigger update_objects_updated_at before update on storage.objects
  for each row execute function storage.update_updated_at_column();
drop trigger if exists enforce_bucket_name_length_trigger on storage.buckets;
create trigger enforce_bucket_name_length_trigger before insert or update of name on storage.buckets
  for each row execute function storage.enforce_bucket_name_length();
drop trigger if exists protect_buckets_delete on storage.buckets;
create trigger protect_buckets_delete before delete on storage.buckets
  for each statement execute function storage.protect_delete();
drop trigger if exists protect_objects_delete on storage.objects;
create trigger protect_objects_delete before delete on storage.objects
  for each statement execute function storage.protect_delete();
