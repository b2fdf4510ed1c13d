-- Every RPC that writes needs the aal2 session of a person with a second factor.
--
-- *_require_aal2_for_mfa_users.sql put the rule on every table; a function reaches past it when it
-- runs as its owner (security definer: open_direct_conversation created a DM for an aal1 session,
-- and its 22023 told that session who belongs to the workspace), or when what it writes goes through
-- such helpers or swallows the refusal (realtime.send turns an RLS error into a warning). So each
-- function in public that `authenticated` may call and that is security definer or volatile (may
-- write) now checks private.has_required_aal() itself, first, and answers 42501 at aal1. Security
-- invoker functions that are stable only read, as the caller, so the table policies decide for them.
-- stack/test/security/rls/mfa-aal2.test.ts ("coverage") lists any function that breaks this rule.
--
-- The bodies are the latest definitions unchanged (signatures, grants and behaviour otherwise kept:
-- CREATE OR REPLACE keeps the privileges), with the check added at the top.

-- announce_online(uuid)
create or replace function public.announce_online(workspace_id uuid)
  returns void
  language plpgsql set search_path = ''
as $$
begin
  -- Before anything else, so an aal1 session learns nothing (who is a member, what exists).
  if not private.has_required_aal() then
    raise exception 'two-step sign-in needs aal2' using errcode = '42501',
      hint = 'Verify the second factor (mfa.challenge, mfa.verify), then call again.';
  end if;
  if auth.uid() is null or not private.is_workspace_member(announce_online.workspace_id) then
    raise exception using errcode = '42501', message = 'permission denied to announce in this workspace';
  end if;
  perform realtime.send(
    jsonb_build_object('user_id', auth.uid()),
    'online',
    'workspace:' || announce_online.workspace_id || ':online',
    true
  );
end
$$;

-- create_workspace(text,text)
create or replace function public.create_workspace(name text, slug text)
  returns public.workspaces
  language plpgsql set search_path = ''
as $$
declare
  new_id uuid := gen_random_uuid();
  created public.workspaces;
begin
  -- Before anything else, so an aal1 session learns nothing (who is a member, what exists).
  if not private.has_required_aal() then
    raise exception 'two-step sign-in needs aal2' using errcode = '42501',
      hint = 'Verify the second factor (mfa.challenge, mfa.verify), then call again.';
  end if;
  -- No RETURNING: the caller may only read the row once the owner trigger has made them a member.
  insert into public.workspaces (id, name, slug, created_by) values (new_id, trim(name), lower(slug), auth.uid());
  select * into created from public.workspaces w where w.id = new_id;
  return created;
end
$$;

-- mark_all_activity_read(uuid)
create or replace function public.mark_all_activity_read(workspace_id uuid)
  returns integer
  language plpgsql set search_path = ''
as $$
declare
  changed integer;
begin
  -- Before anything else, so an aal1 session learns nothing (who is a member, what exists).
  if not private.has_required_aal() then
    raise exception 'two-step sign-in needs aal2' using errcode = '42501',
      hint = 'Verify the second factor (mfa.challenge, mfa.verify), then call again.';
  end if;
  if workspace_id is null then
    raise exception 'workspace_id is required' using errcode = '22004';
  end if;
  update public.activity a set read_at = now()
  where a.user_id = auth.uid() and a.workspace_id = mark_all_activity_read.workspace_id and a.read_at is null;
  get diagnostics changed = row_count;
  return changed;
end
$$;

-- mark_channel_read(uuid,uuid)
create or replace function public.mark_channel_read(channel_id uuid, message_id uuid default null)
  returns public.read_markers
  language plpgsql set search_path = ''
as $$
declare
  read_at timestamptz := now();
  marker public.read_markers;
begin
  -- Before anything else, so an aal1 session learns nothing (who is a member, what exists).
  if not private.has_required_aal() then
    raise exception 'two-step sign-in needs aal2' using errcode = '42501',
      hint = 'Verify the second factor (mfa.challenge, mfa.verify), then call again.';
  end if;
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

-- open_direct_conversation(uuid,uuid[])
create or replace function public.open_direct_conversation(workspace_id uuid, member_ids uuid[])
  returns uuid
  language plpgsql volatile security definer set search_path = ''
as $$
declare
  caller uuid := auth.uid();
  people uuid[];
  conversation uuid;
begin
  -- Before anything else, so an aal1 session learns nothing (who is a member, what exists).
  if not private.has_required_aal() then
    raise exception 'two-step sign-in needs aal2' using errcode = '42501',
      hint = 'Verify the second factor (mfa.challenge, mfa.verify), then call again.';
  end if;
  if caller is null or not private.is_workspace_member(open_direct_conversation.workspace_id) then
    raise exception 'only members of the workspace open conversations in it' using errcode = '42501';
  end if;
  if member_ids is null or array_position(member_ids, null) is not null then
    raise exception 'member_ids must list user ids' using errcode = '22023';
  end if;
  select array_agg(distinct person order by person) into people
  from unnest(member_ids || caller) as person;
  if cardinality(people) not between 2 and 9 then
    raise exception 'a conversation has 2 to 9 people, you included' using errcode = '22023';
  end if;
  if exists (
    select 1 from unnest(people) as person
    where not private.is_member_of(open_direct_conversation.workspace_id, person)
  ) then
    raise exception 'everyone in a conversation must belong to the workspace' using errcode = '22023';
  end if;

  insert into public.channels as c (workspace_id, name, is_private, kind, direct_member_ids, created_by)
  values (open_direct_conversation.workspace_id, 'dm-' || replace(gen_random_uuid()::text, '-', ''), true,
          'direct', people, caller)
  on conflict on constraint channels_direct_members_key do nothing
  returning c.id into conversation;
  if conversation is null then
    select c.id into conversation from public.channels c
    where c.workspace_id = open_direct_conversation.workspace_id and c.kind = 'direct'
      and c.direct_member_ids = people;
  end if;

  -- Everyone is (again) a member: someone who left the workspace and came back finds the DM.
  insert into public.channel_members (channel_id, user_id, added_by)
  select conversation, person, caller from unnest(people) as person
  on conflict do nothing;
  return conversation;
end
$$;

-- send_typing(uuid,boolean)
create or replace function public.send_typing(channel_id uuid, stopped boolean default false)
  returns void
  language plpgsql set search_path = ''
as $$
begin
  -- Before anything else, so an aal1 session learns nothing (who is a member, what exists).
  if not private.has_required_aal() then
    raise exception 'two-step sign-in needs aal2' using errcode = '42501',
      hint = 'Verify the second factor (mfa.challenge, mfa.verify), then call again.';
  end if;
  if auth.uid() is null or not private.can_read_channel(send_typing.channel_id) then
    raise exception using errcode = '42501', message = 'permission denied to type in this channel';
  end if;
  perform realtime.send(
    jsonb_build_object('user_id', auth.uid(), 'stopped', coalesce(send_typing.stopped, false)),
    'typing',
    'channel:' || send_typing.channel_id || ':typing',
    true
  );
end
$$;

-- set_thread_following(uuid,boolean)
create or replace function public.set_thread_following(message_id uuid, following boolean)
  returns public.thread_follows
  language plpgsql set search_path = ''
as $$
declare
  follow public.thread_follows;
begin
  -- Before anything else, so an aal1 session learns nothing (who is a member, what exists).
  if not private.has_required_aal() then
    raise exception 'two-step sign-in needs aal2' using errcode = '42501',
      hint = 'Verify the second factor (mfa.challenge, mfa.verify), then call again.';
  end if;
  if message_id is null or following is null then
    raise exception 'message_id and following are required' using errcode = '22004';
  end if;
  insert into public.thread_follows as f (message_id, following)
  values (set_thread_following.message_id, set_thread_following.following)
  on conflict on constraint thread_follows_user_id_message_id_key
    do update set following = excluded.following
  returning * into follow;
  return follow;
end
$$;
