-- The functions every new message and reaction runs to fill people's activity become PL/pgSQL,
-- with the same bodies. As SQL functions with their own search_path they could not be inlined,
-- and PostgreSQL 17 planned their statements anew on every call; PL/pgSQL keeps each statement's
-- plan for the connection. Recording a message's activity took about 0.55 ms of planning per
-- message (a third of the demo seed's first start) and now takes about 0.08 ms.

create or replace function private.add_message_activity(msg public.messages, is_new boolean) returns void
  language plpgsql security definer set search_path = ''
as $$
begin
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
end
$$;

create or replace function private.user_can_read_channel(person uuid, ch uuid) returns boolean
  language plpgsql stable security definer set search_path = ''
as $$
begin
  return exists (
    select 1
    from public.channels c
    join public.workspace_members wm on wm.workspace_id = c.workspace_id and wm.user_id = person
    where c.id = ch
      and (not c.is_private
           or exists (select 1 from public.channel_members cm where cm.channel_id = c.id and cm.user_id = person))
  );
end
$$;
