-- Buckets and object policies.
--
--   attachments (private)  <workspace_id>/<channel_id>/<uuid>/<file name>
--       read and written by whoever can read the channel (a member of the workspace; for a
--       private channel, a member of the channel); files are removed by their uploader or an admin.
--   avatars (public read)  <user_id>/<file name>
--       written only by that user.
--
-- Parley Stack creates the storage schema only when its storage service is part of the build; the
-- guard keeps this migration applicable without it (hosted Supabase always has storage).

/** Whether the caller may use an attachments object key: its first segment names a workspace
 *  they belong to and its second a channel of that workspace they can read. */
create or replace function private.can_use_attachment_path(object_name text) returns boolean
  language plpgsql stable security definer set search_path = ''
as $$
declare
  segments text[] := string_to_array(object_name, '/');
  uuid_pattern constant text := '^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$';
begin
  if auth.uid() is null or coalesce(array_length(segments, 1), 0) < 3
     or segments[1] !~ uuid_pattern or segments[2] !~ uuid_pattern then
    return false;
  end if;
  return private.is_workspace_member(segments[1]::uuid)
     and private.channel_workspace(segments[2]::uuid) = segments[1]::uuid
     and private.can_read_channel(segments[2]::uuid);
end
$$;
grant execute on function private.can_use_attachment_path(text) to anon, authenticated, service_role;

/** The workspace an attachments object key names, if it is a well-formed uuid. */
create or replace function private.attachment_workspace(object_name text) returns uuid
  language sql immutable set search_path = ''
as $$
  select case when split_part(object_name, '/', 1) ~ '^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$'
              then split_part(object_name, '/', 1)::uuid end
$$;
grant execute on function private.attachment_workspace(text) to anon, authenticated, service_role;

do $migration$
begin
  if to_regclass('storage.buckets') is null or to_regclass('storage.objects') is null then
    raise notice 'storage schema absent: attachments and avatars buckets not created';
    return;
  end if;

  insert into storage.buckets (id, name, public, file_size_limit, allowed_mime_types)
  values
    -- 25 MiB and the files people share in chat. No SVG or HTML: served from the API origin they
    -- could run script.
    ('attachments', 'attachments', false, 26214400, array[
      'image/png', 'image/jpeg', 'image/gif', 'image/webp', 'image/avif', 'image/heic',
      'application/pdf', 'text/plain', 'text/markdown', 'text/csv', 'application/json',
      'application/zip', 'application/gzip',
      'application/msword', 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
      'application/vnd.ms-excel', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      'application/vnd.ms-powerpoint', 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
      'application/vnd.oasis.opendocument.text', 'application/vnd.oasis.opendocument.spreadsheet',
      'application/vnd.oasis.opendocument.presentation',
      'audio/mpeg', 'audio/ogg', 'audio/wav', 'audio/webm', 'audio/mp4',
      'video/mp4', 'video/webm', 'video/quicktime'
    ]),
    -- Small raster images only.
    ('avatars', 'avatars', true, 2097152, array['image/png', 'image/jpeg', 'image/webp', 'image/gif'])
  on conflict (id) do update set
    public = excluded.public,
    file_size_limit = excluded.file_size_limit,
    allowed_mime_types = excluded.allowed_mime_types;

  -- Attachments ---------------------------------------------------------------------------------
  create policy "members read attachments of channels they can read" on storage.objects
    for select to authenticated
    using (bucket_id = 'attachments' and private.can_use_attachment_path(name));

  create policy "members upload attachments to channels they can read" on storage.objects
    for insert to authenticated
    with check (bucket_id = 'attachments' and private.can_use_attachment_path(name));

  -- Replacing a file (upsert) stays with its uploader.
  create policy "uploaders replace their attachments" on storage.objects
    for update to authenticated
    using (bucket_id = 'attachments' and owner_id = auth.uid()::text and private.can_use_attachment_path(name))
    with check (bucket_id = 'attachments' and owner_id = auth.uid()::text and private.can_use_attachment_path(name));

  create policy "uploaders and admins remove attachments" on storage.objects
    for delete to authenticated
    using (
      bucket_id = 'attachments'
      and (owner_id = auth.uid()::text or private.is_workspace_admin(private.attachment_workspace(name)))
    );

  -- Avatars -------------------------------------------------------------------------------------
  -- Public URLs need no policy; listing and upsert do.
  create policy "anyone signed in lists avatars" on storage.objects
    for select to authenticated
    using (bucket_id = 'avatars');

  create policy "users upload their avatar" on storage.objects
    for insert to authenticated
    with check (bucket_id = 'avatars' and (storage.foldername(name))[1] = auth.uid()::text);

  create policy "users replace their avatar" on storage.objects
    for update to authenticated
    using (bucket_id = 'avatars' and (storage.foldername(name))[1] = auth.uid()::text)
    with check (bucket_id = 'avatars' and (storage.foldername(name))[1] = auth.uid()::text);

  create policy "users remove their avatar" on storage.objects
    for delete to authenticated
    using (bucket_id = 'avatars' and (storage.foldername(name))[1] = auth.uid()::text);
end
$migration$;
