-- Realtime delivers a DELETE to every subscriber of the table without asking RLS (there is no row
-- left to check — hosted Supabase Realtime does the same). The payload holds the primary key only,
-- but a subscription filter is matched against the *old row*, which REPLICA IDENTITY FULL makes the
-- whole row. So a stranger learned, for every delete:
--   * the key itself: (workspace_id, user_id) of whoever left a workspace, (channel_id, user_id) of
--     whoever left a private channel or lost a read marker there, the user id of a deleted account;
--   * whatever a filter on the old row tells: subscribed with `user_id=eq.<someone>` to reactions,
--     they saw that person take back a reaction, with `channel_id=eq.<a private channel>` too.
--
-- After this migration every table in the publication has a meaningless uuid as its key and the
-- default replica identity, so a delete tells a subscriber one random id and matches no filter but
-- one on that id. Per table:
--
--   workspace_members  new `id` key (the members page listens for joins, role changes and leaves);
--                      (workspace_id, user_id) stays unique. The page now hears every delete and
--                      reloads when the id is one of the members it shows.
--   read_markers       new `id` key (the sidebar hears its own markers move, through a user_id
--                      filter, which inserts and updates still match under RLS).
--   channel_members    out of the publication: no screen subscribes to it.
--   profiles           out of the publication: its key is the user's id, which cannot change, and
--                      no screen subscribes to it.
--   reactions,         already keyed by uuid; default replica identity. The channel screen removes
--   attachments        a deleted row by id from any delete, not through a channel filter.
--   messages           already keyed by uuid; default replica identity (clients soft-delete; a hard
--                      delete only follows its channel or workspace).
--   channels           already keyed by uuid with the default replica identity: unchanged.
--
-- A table added to the publication later needs the same: a uuid key and the default identity.

-- Workspace members ---------------------------------------------------------------------------------
alter table public.workspace_members add column id uuid not null default gen_random_uuid();
alter table public.workspace_members
  add constraint workspace_members_workspace_id_user_id_key unique (workspace_id, user_id);
alter table public.workspace_members drop constraint workspace_members_pkey;
alter table public.workspace_members add constraint workspace_members_pkey primary key (id);
alter table public.workspace_members replica identity default;

-- Read markers --------------------------------------------------------------------------------------
alter table public.read_markers add column id uuid not null default gen_random_uuid();
alter table public.read_markers add constraint read_markers_user_id_channel_id_key unique (user_id, channel_id);
alter table public.read_markers drop constraint read_markers_pkey;
alter table public.read_markers add constraint read_markers_pkey primary key (id);

-- Same function, with the conflict on the (user, channel) pair rather than the primary key, which
-- is now the id. (ON CONSTRAINT because the parameter channel_id would shadow a column list.)
create or replace function public.mark_channel_read(channel_id uuid, message_id uuid default null)
  returns public.read_markers
  language plpgsql security invoker set search_path = ''
as $$
declare
  read_at timestamptz := now();
  marker public.read_markers;
begin
  if message_id is not null then
    select m.created_at into read_at from public.messages m
    where m.id = mark_channel_read.message_id and m.channel_id = mark_channel_read.channel_id;
    if read_at is null then
      raise exception 'message not found in this channel' using errcode = 'P0002';
    end if;
  end if;
  insert into public.read_markers as r (user_id, channel_id, last_read_at)
  values (auth.uid(), mark_channel_read.channel_id, read_at)
  on conflict on constraint read_markers_user_id_channel_id_key
    do update set last_read_at = greatest(r.last_read_at, excluded.last_read_at)
  returning * into marker;
  return marker;
end
$$;

-- Out of the publication ----------------------------------------------------------------------------
do $migration$
declare
  leaving text;
begin
  foreach leaving in array array['channel_members', 'profiles'] loop
    if exists (
      select 1 from pg_publication_tables
      where pubname = 'supabase_realtime' and schemaname = 'public' and tablename = leaving
    ) then
      execute format('alter publication supabase_realtime drop table public.%I', leaving);
    end if;
  end loop;
end
$migration$;
alter table public.channel_members replica identity default;

-- Filters no longer match deletes by old columns ------------------------------------------------------
alter table public.messages replica identity default;
alter table public.reactions replica identity default;
alter table public.attachments replica identity default;
