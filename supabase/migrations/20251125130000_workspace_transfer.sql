-- Moving a team in and out of Parley: the export-workspace and import-slack edge functions.
--
-- 1. messages.import_key remembers where an imported message came from ("slack:<channel id>:<ts>"),
--    one per workspace, so importing the same archive again adds nothing twice. Clients cannot set
--    it (their insert grant names other columns); the import function writes it with the service
--    role. Members may read it with the rest of the message.
alter table public.messages add column import_key text check (import_key is null or char_length(import_key) <= 200);
comment on column public.messages.import_key is 'Origin of an imported message (slack:<channel>:<ts>); null for messages written in Parley.';
create unique index messages_import_key_idx on public.messages (workspace_id, import_key);

-- 2. The workspace-imports bucket (private) holds an uploaded Slack export until import-slack has
--    read it:  <workspace_id>/<anything>.zip
--    Only an owner of that workspace may upload, read or remove such an object; the function reads
--    it with the owner's own token and removes it when done. 50 MiB (the project's upload limit).
/** Whether the caller owns the workspace an object key names in its first segment. */
create or replace function private.owns_import_path(object_name text) returns boolean
  language plpgsql stable security definer set search_path = ''
as $$
declare
  first_segment text := split_part(object_name, '/', 1);
begin
  if auth.uid() is null or first_segment !~ '^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$' then
    return false;
  end if;
  return private.workspace_role(first_segment::uuid) = 'owner';
end
$$;
grant execute on function private.owns_import_path(text) to anon, authenticated, service_role;

do $migration$
begin
  if to_regclass('storage.buckets') is null or to_regclass('storage.objects') is null then
    raise notice 'storage schema absent: workspace-imports bucket not created';
    return;
  end if;

  insert into storage.buckets (id, name, public, file_size_limit, allowed_mime_types)
  values ('workspace-imports', 'workspace-imports', false, 52428800,
          array['application/zip', 'application/x-zip-compressed', 'application/octet-stream'])
  on conflict (id) do update set
    public = excluded.public,
    file_size_limit = excluded.file_size_limit,
    allowed_mime_types = excluded.allowed_mime_types;

  create policy "owners upload workspace imports" on storage.objects
    for insert to authenticated
    with check (bucket_id = 'workspace-imports' and private.owns_import_path(name));

  create policy "owners read workspace imports" on storage.objects
    for select to authenticated
    using (bucket_id = 'workspace-imports' and private.owns_import_path(name));

  create policy "owners replace workspace imports" on storage.objects
    for update to authenticated
    using (bucket_id = 'workspace-imports' and private.owns_import_path(name))
    with check (bucket_id = 'workspace-imports' and private.owns_import_path(name));

  create policy "owners remove workspace imports" on storage.objects
    for delete to authenticated
    using (bucket_id = 'workspace-imports' and private.owns_import_path(name));
end
$migration$;
