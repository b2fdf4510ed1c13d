-- A DM belongs to its people. Workspace admins manage private channels — they see their names and
-- members, rename, archive and delete them, add and remove people — and every one of those powers
-- would tell an admin who talks to whom privately, or let them take part. In a DM nobody has them:
--
--   * channels:         admins see, rename, archive and delete named channels only (kind 'channel');
--                       a DM's own people do not rename, archive or publish it either (it has no
--                       name, and it is private by nature);
--   * channel_members:  admins see the members of named channels only; nobody joins, is added to,
--                       is removed from or leaves a DM (the same people always make the same DM;
--                       open_direct_conversation is the one way in, for the people it names).
--
--   * messages, attachments and their files: an admin may remove anyone's message or file in a
--                       named channel (moderation), but in a DM they are one of its people like any
--                       other, and remove only their own.
--
-- Reading messages, reactions, attachments, files, typing and search already needs read access to
-- the channel (a private channel: being in it), so admins were never able to read a DM's contents;
-- the direct messages policy tests check that too.

/** Whether the caller manages a named channel of a workspace they administer. */
create or replace function private.administers_channel(ch uuid) returns boolean
  language sql stable security definer set search_path = ''
as $$
  select exists (
    select 1 from public.channels c
    where c.id = ch and c.kind = 'channel' and private.is_workspace_admin(c.workspace_id)
  )
$$;

grant execute on function private.administers_channel(uuid) to anon, authenticated, service_role;

-- Channels --------------------------------------------------------------------------------------
drop policy "members see public channels, private ones they belong to" on public.channels;

create policy "members see public channels, private ones they belong to" on public.channels
  for select to authenticated
  using (
    id in (select private.readable_channel_ids())
    or (kind = 'channel' and private.is_workspace_admin(workspace_id))
  );

drop policy "admins and creators manage channels" on public.channels;

create policy "admins and creators manage channels" on public.channels
  for update to authenticated
  using (
    kind = 'channel'
    and (private.is_workspace_admin(workspace_id) or (created_by = auth.uid() and private.can_read_channel(id)))
  )
  with check (
    kind = 'channel'
    and (private.is_workspace_admin(workspace_id) or (created_by = auth.uid() and private.can_read_channel(id)))
  );

drop policy "admins delete channels" on public.channels;

create policy "admins delete channels" on public.channels
  for delete to authenticated
  using (kind = 'channel' and private.is_workspace_admin(workspace_id));

-- Channel members ---------------------------------------------------------------------------------
drop policy "members see who is in channels they can read" on public.channel_members;

create policy "members see who is in channels they can read" on public.channel_members
  for select to authenticated
  using (
    channel_id in (select private.readable_channel_ids())
    or private.administers_channel(channel_id)
  );

drop policy "members add teammates to channels they are in" on public.channel_members;

create policy "members add teammates to channels they are in" on public.channel_members
  for insert to authenticated
  with check (
    not private.is_direct_channel(channel_id)
    and private.is_member_of(private.channel_workspace(channel_id), user_id)
    and private.can_read_channel(channel_id)
    and (
      user_id = auth.uid()
      or private.is_channel_member(channel_id)
      or private.is_workspace_admin(private.channel_workspace(channel_id))
    )
  );

drop policy "members leave, admins remove" on public.channel_members;

create policy "members leave, admins remove" on public.channel_members
  for delete to authenticated
  using (
    not private.is_direct_channel(channel_id)
    and (user_id = auth.uid() or private.is_workspace_admin(private.channel_workspace(channel_id)))
  );

-- Moderation stays out of DMs ---------------------------------------------------------------------
drop policy "authors edit, admins moderate" on public.messages;

create policy "authors edit, admins moderate" on public.messages
  for update to authenticated
  using (
    (author_id = auth.uid() and private.can_read_channel(channel_id))
    or (private.is_workspace_admin(workspace_id) and not private.is_direct_channel(channel_id))
  )
  with check (
    (author_id = auth.uid() and private.can_read_channel(channel_id))
    or (private.is_workspace_admin(workspace_id) and not private.is_direct_channel(channel_id))
  );

drop policy "uploaders remove their attachments" on public.attachments;

create policy "uploaders remove their attachments" on public.attachments
  for delete to authenticated
  using (
    uploader_id = auth.uid()
    or (private.is_workspace_admin(workspace_id) and not private.is_direct_channel(channel_id))
  );

/** The channel an attachments object key names (its second segment), if it is a well-formed uuid. */
create or replace function private.attachment_channel(object_name text) returns uuid
  language sql immutable set search_path = ''
as $$
  select case when split_part(object_name, '/', 2) ~ '^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$'
              then split_part(object_name, '/', 2)::uuid end
$$;

grant execute on function private.attachment_channel(text) to anon, authenticated, service_role;

do $migration$
begin
  if to_regclass('storage.objects') is null then
    raise notice 'storage schema absent: no attachment removal policy to change';
    return;
  end if;

  drop policy "uploaders and admins remove attachments" on storage.objects;

  create policy "uploaders and admins remove attachments" on storage.objects
    for delete to authenticated
    using (
      bucket_id = 'attachments'
      and (
        owner_id = auth.uid()::text
        or (private.is_workspace_admin(private.attachment_workspace(name))
            and not private.is_direct_channel(private.attachment_channel(name)))
      )
    );
end
$migration$;
