-- What fills the activity inbox (see *_activity_inbox.sql for the tables). The functions are
-- security definer: the person who writes a message or reaction could not write into someone
-- else's inbox or follows under the policies.

/** Follows a reply brings: the replier follows (again), the thread's starter unless they unfollowed. */
create or replace function private.follow_on_reply(reply public.messages) returns void
  language sql security definer set search_path = ''
as $$
  insert into public.thread_follows (user_id, message_id)
  select m.author_id, m.id from public.messages m
  where m.id = reply.thread_parent_id and m.author_id is not null
  on conflict (user_id, message_id) do nothing;

  insert into public.thread_follows (user_id, message_id)
  select reply.author_id, reply.thread_parent_id where reply.author_id is not null
  on conflict (user_id, message_id) do update set following = true;
$$;

/** Inbox rows for a written message, the strongest reason first (a person gets one row per message). */
create or replace function private.add_message_activity(msg public.messages, is_new boolean) returns void
  language sql security definer set search_path = ''
as $$
  with recipients (user_id, kind, rank) as (
    select unnest(msg.mentions), 'mention', 1
    union all
    select cm.user_id, 'mention', 1 from public.channel_members cm
    where msg.broadcast_mention is not null and cm.channel_id = msg.channel_id
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

create or replace function private.record_message_activity() returns trigger
  language plpgsql security definer set search_path = ''
as $$
begin
  if tg_op = 'UPDATE' and new.deleted_at is not null then
    delete from public.activity a where a.message_id = new.id;
    return null;
  end if;
  if tg_op = 'INSERT' and new.thread_parent_id is not null then
    perform private.follow_on_reply(new);
  end if;
  -- An edit notifies people it newly mentions; replies and DMs were announced when written.
  perform private.add_message_activity(new, tg_op = 'INSERT');
  return null;
end
$$;

create trigger messages_record_activity after insert or update of body, deleted_at on public.messages
  for each row execute function private.record_message_activity();

create or replace function private.record_reaction_activity() returns trigger
  language plpgsql security definer set search_path = ''
as $$
begin
  insert into public.activity (user_id, kind, workspace_id, channel_id, message_id, reaction_id, actor_id, created_at)
  select m.author_id, 'reaction', m.workspace_id, m.channel_id, m.id, new.id, new.user_id, new.created_at
  from public.messages m
  where m.id = new.message_id
    and m.author_id is distinct from new.user_id
    and m.author_id is not null
    and m.deleted_at is null
    and private.user_can_read_channel(m.author_id, m.channel_id)
  on conflict (user_id, reaction_id) where reaction_id is not null do nothing;
  return null;
end
$$;

create trigger reactions_record_activity after insert on public.reactions
  for each row execute function private.record_reaction_activity();
