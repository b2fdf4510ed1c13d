-- `@here` tells only the channel's members who are online; `@channel` tells every member.
--
-- Online is the backend's one rule for it, the one the missed-activity email uses for "not online":
-- the app calls record_presence() as a heartbeat while it is open, and a person seen within
-- private.missed_activity_settings.online_window (5 minutes) is online. A member named with a
-- `<@id>` token in the same message is told whether online or not. An edit that adds `@here` tells
-- who is online at the time of the edit.

/** Whether `person` was seen in the app (record_presence) within the online window. */
create or replace function private.is_online(person uuid) returns boolean
  language sql stable security definer set search_path = ''
as $$
  select exists (
    select 1 from private.last_seen ls
    where ls.user_id = person
      and ls.seen_at > now() - (select s.online_window from private.missed_activity_settings s where s.id)
  )
$$;
revoke execute on function private.is_online(uuid) from public, anon, authenticated;

/** Inbox rows for a written message, the strongest reason first (a person gets one row per message). */
create or replace function private.add_message_activity(msg public.messages, is_new boolean) returns void
  language sql security definer set search_path = ''
as $$
  with recipients (user_id, kind, rank) as (
    select unnest(msg.mentions), 'mention', 1
    union all
    select cm.user_id, 'mention', 1 from public.channel_members cm
    where cm.channel_id = msg.channel_id
      and (msg.broadcast_mention = 'channel' or (msg.broadcast_mention = 'here' and private.is_online(cm.user_id)))
    union all
    select cm.user_id, 'direct_message', 2 from public.channel_members cm
    join public.channels c on c.id = cm.channel_id and c.kind = 'direct'
    where is_new and cm.channel_id = msg.channel_id
    union all
    select f.user_id, 'thread_reply', 3 from public.thread_follows f
    where is_new and f.message_id = msg.thread_parent_id and f.following
  ),
  strongest as (
    select distinct on (r.user_id) r.user_id, r.kind
    from recipients r
    where r.user_id is distinct from msg.author_id and private.user_can_read_channel(r.user_id, msg.channel_id)
    order by r.user_id, r.rank
  )
  insert into public.activity (user_id, kind, workspace_id, channel_id, message_id, actor_id, created_at)
  select s.user_id, s.kind, msg.workspace_id, msg.channel_id, msg.id, msg.author_id, msg.created_at
  from strongest s
  on conflict (user_id, message_id) where reaction_id is null do nothing;
$$;
