-- Sidebar badges that a live client can keep current by itself.
--
-- The app used to ask channel_unread_counts again after every message in the workspace and every
-- move of the reader's own read marker. That query counts every unread message of every channel
-- (tens of milliseconds of PostgreSQL time once one channel holds thousands the reader never
-- opened), so each message sent cost each open sidebar one such count, on the same machine that
-- was delivering the message — the largest load behind a slow send → render.
--
-- A client that hears the new message (postgres changes on public.messages, RLS-checked) can add
-- it to its badge exactly as this function would count it, if it knows the moment the count
-- starts from. So the function now also returns that moment, `read_since`: the caller's read
-- marker, else when they joined the workspace — the very value each count compares created_at
-- with. Counts and rules are unchanged. (A function's result columns cannot change in place, hence
-- drop and create; nothing in the database calls it.)

drop function public.channel_unread_counts(uuid);

/**
 * Sidebar badges for one workspace: for each channel the caller can read, top-level messages by
 * others since their read marker (or since they joined the workspace, so newcomers are not
 * flooded) and how many of the messages since then — replies included — mention them; the newest
 * top-level message's time; and `read_since`, the moment both counts start after.
 * security invoker: RLS on channels and messages applies.
 * @example supabase.rpc('channel_unread_counts', { workspace_id })
 */
create function public.channel_unread_counts(workspace_id uuid)
  returns table (
    channel_id uuid, unread_count bigint, mention_count bigint, last_message_at timestamptz, read_since timestamptz
  )
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
           where m.channel_id = mine.channel_id and m.thread_parent_id is null),
         mine.since
  from mine
$$;

revoke execute on function public.channel_unread_counts(uuid) from public, anon;
grant execute on function public.channel_unread_counts(uuid) to authenticated, service_role;
