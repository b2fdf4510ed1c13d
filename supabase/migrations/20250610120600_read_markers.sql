-- How far each user has read each channel, and the unread/mention badges computed from it.
create table public.read_markers (
  user_id uuid not null references public.profiles (id) on delete cascade default auth.uid(),
  channel_id uuid not null references public.channels (id) on delete cascade,
  -- Messages created after this instant are unread.
  last_read_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  primary key (user_id, channel_id)
);

create trigger read_markers_touch before update on public.read_markers
  for each row execute function private.touch_updated_at();

alter table public.read_markers enable row level security;

-- Markers are private to their user (teammates do not learn what you have read).
create policy "users see their own markers" on public.read_markers
  for select to authenticated
  using (user_id = auth.uid());

create policy "users set their markers in channels they read" on public.read_markers
  for insert to authenticated
  with check (user_id = auth.uid() and private.can_read_channel(channel_id));

create policy "users move their markers" on public.read_markers
  for update to authenticated
  using (user_id = auth.uid())
  with check (user_id = auth.uid() and private.can_read_channel(channel_id));

create policy "users drop their markers" on public.read_markers
  for delete to authenticated
  using (user_id = auth.uid());

revoke insert, update on public.read_markers from anon, authenticated;
grant insert (user_id, channel_id, last_read_at), update (last_read_at) on public.read_markers to authenticated;

/**
 * Marks a channel read up to a message (default: now). Markers only move forward, so a late call
 * from another tab never makes read messages unread again.
 * @example supabase.rpc('mark_channel_read', { channel_id, message_id })
 */
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
  on conflict on constraint read_markers_pkey do update set last_read_at = greatest(r.last_read_at, excluded.last_read_at)
  returning * into marker;
  return marker;
end
$$;

/**
 * Sidebar badges for one workspace: for each channel the caller can read, top-level messages by
 * others since their read marker (or since they joined the workspace, so newcomers are not
 * flooded) and how many of the messages since then — replies included — mention them.
 * security invoker: RLS on channels and messages applies.
 * @example supabase.rpc('channel_unread_counts', { workspace_id })
 */
create or replace function public.channel_unread_counts(workspace_id uuid)
  returns table (channel_id uuid, unread_count bigint, mention_count bigint, last_message_at timestamptz)
  language sql stable security invoker set search_path = ''
as $$
  with mine as (
    select c.id as channel_id,
           coalesce(r.last_read_at, wm.joined_at) as since
    from public.channels c
    join public.workspace_members wm on wm.workspace_id = c.workspace_id and wm.user_id = auth.uid()
    left join public.read_markers r on r.channel_id = c.id and r.user_id = auth.uid()
    where c.workspace_id = channel_unread_counts.workspace_id
      and c.archived_at is null
      and c.id in (select private.readable_channel_ids())
  )
  select mine.channel_id,
         (select count(*) from public.messages m
           where m.channel_id = mine.channel_id and m.thread_parent_id is null and m.deleted_at is null
             and m.created_at > mine.since and m.author_id is distinct from auth.uid()),
         (select count(*) from public.messages m
           where m.channel_id = mine.channel_id and m.mentions @> array[auth.uid()] and m.deleted_at is null
             and m.created_at > mine.since and m.author_id is distinct from auth.uid()),
         (select max(m.created_at) from public.messages m
           where m.channel_id = mine.channel_id and m.thread_parent_id is null)
  from mine
$$;

revoke execute on function public.mark_channel_read(uuid, uuid), public.channel_unread_counts(uuid) from public, anon;
grant execute on function public.mark_channel_read(uuid, uuid), public.channel_unread_counts(uuid) to authenticated, service_role;
