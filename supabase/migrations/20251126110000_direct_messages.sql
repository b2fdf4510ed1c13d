-- Direct messages and group DMs (2–9 people of one workspace) are channels of kind 'direct', so
-- messages, threads, reactions, files, read markers, unread counts, search, typing and their RLS
-- work on them unchanged: a DM is a private channel whose members are its people.
--
--   * The same people always reopen the same conversation: a DM keeps its sorted member set in
--     direct_member_ids, unique per workspace.
--   * A DM is created only by open_direct_conversation (security definer), which checks that the
--     caller and everyone named belong to the workspace; clients cannot insert kind = 'direct'.
--   * A DM has no name of its own: the app shows its other members' current names. The name column
--     holds a placeholder derived from its id (it is not null and unique per workspace).
--
-- What workspace admins may not do in a DM (see, rename, join, moderate) is in the next migration.
alter table public.channels
  add column kind text not null default 'channel' check (kind in ('channel', 'direct')),
  add column direct_member_ids uuid[];

alter table public.channels
  add constraint channels_direct_shape check (
    (kind = 'channel' and direct_member_ids is null)
    or (kind = 'direct' and is_private
        and cardinality(direct_member_ids) between 2 and 9
        and array_position(direct_member_ids, null) is null)
  );

comment on column public.channels.kind is 'channel: a named channel; direct: a DM or group DM, named by its members.';
comment on column public.channels.direct_member_ids is 'A DM''s people, sorted and distinct; unique per workspace, so the same people reopen the same DM.';

-- Named channels have no member set (null), and nulls never collide.
alter table public.channels
  add constraint channels_direct_members_key unique (workspace_id, direct_member_ids);

/** Whether a channel is a DM, whoever asks (policies use it on rows that name a channel). */
create or replace function private.is_direct_channel(ch uuid) returns boolean
  language sql stable security definer set search_path = ''
as $$
  select exists (select 1 from public.channels c where c.id = ch and c.kind = 'direct')
$$;

grant execute on function private.is_direct_channel(uuid) to anon, authenticated, service_role;

-- Clients create named channels only; DMs come from open_direct_conversation.
drop policy "members create channels" on public.channels;

create policy "members create channels" on public.channels
  for insert to authenticated
  with check (private.is_workspace_member(workspace_id) and created_by = auth.uid() and kind = 'channel');

/**
 * Opens the DM between the caller and `member_ids` (2–9 people in all, the caller included, every
 * one a member of the workspace) and returns its id: the existing one when these people already
 * have a DM, else a new one. Errors: 42501 when the caller is not signed in or not a member of the
 * workspace, 22023 when the people are too few, too many, or not all members of the workspace.
 * @example supabase.rpc('open_direct_conversation', { workspace_id, member_ids: [otherUserId] })
 */
create or replace function public.open_direct_conversation(workspace_id uuid, member_ids uuid[]) returns uuid
  language plpgsql volatile security definer set search_path = ''
as $$
declare
  caller uuid := auth.uid();
  people uuid[];
  conversation uuid;
begin
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

revoke execute on function public.open_direct_conversation(uuid, uuid[]) from public, anon;
grant execute on function public.open_direct_conversation(uuid, uuid[]) to authenticated, service_role;
