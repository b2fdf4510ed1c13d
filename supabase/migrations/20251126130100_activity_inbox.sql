-- The activity inbox: one list per person of what asked for their attention — mentions of them
-- (by name, @channel or @here), replies in threads they follow, direct messages, and reactions to
-- their messages — each unread until they open it.
--
--   * thread_follows: who follows which thread. Starting a thread (someone replies to your
--     message) and replying in it follow it for you; you may unfollow or follow again by hand
--     (set_thread_following). Unfollowing sticks until you reply again.
--   * activity: one row per (person, message) for messages (the strongest reason wins: mention,
--     then direct message, then thread reply) and one per reaction. Triggers fill it as the
--     messages and reactions are written; nobody inserts rows by hand. Rows hold ids only — the
--     message itself is read through its own policies — and leave when their message is deleted
--     or their reaction taken back. A person never gets activity for what they did themselves, nor
--     for a channel they cannot read.
--   * Each person reads and marks read only their own rows (mark_all_activity_read does all of
--     them in one workspace). The table is in the realtime publication with a uuid key and the
--     default replica identity, so a DELETE tells other subscribers one meaningless id.

/** Whether a given person may read a channel (as private.can_read_channel, for someone other than the caller). */
create or replace function private.user_can_read_channel(person uuid, ch uuid) returns boolean
  language sql stable security definer set search_path = ''
as $$
  select exists (
    select 1
    from public.channels c
    join public.workspace_members wm on wm.workspace_id = c.workspace_id and wm.user_id = person
    where c.id = ch
      and (not c.is_private
           or exists (select 1 from public.channel_members cm where cm.channel_id = c.id and cm.user_id = person))
  )
$$;
revoke execute on function private.user_can_read_channel(uuid, uuid) from public;

/** Whether the caller may read a top-level message (one that can start a thread). */
create or replace function private.can_read_thread_start(msg uuid) returns boolean
  language sql stable security definer set search_path = ''
as $$
  select exists (
    select 1 from public.messages m
    where m.id = msg and m.thread_parent_id is null and private.can_read_channel(m.channel_id)
  )
$$;
grant execute on function private.can_read_thread_start(uuid) to anon, authenticated, service_role;

-- Thread follows ------------------------------------------------------------------------------------

create table public.thread_follows (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references public.profiles (id) on delete cascade default auth.uid(),
  message_id uuid not null references public.messages (id) on delete cascade,
  following boolean not null default true,
  updated_at timestamptz not null default now(),
  unique (user_id, message_id)
);
comment on table public.thread_follows is 'Who follows which thread (message_id: the thread''s first message).';
create index thread_follows_message_idx on public.thread_follows (message_id) where following;

alter table public.thread_follows enable row level security;

create policy "people see their own follows" on public.thread_follows
  for select to authenticated
  using (user_id = auth.uid());

create policy "people follow threads they can read" on public.thread_follows
  for insert to authenticated
  with check (user_id = auth.uid() and private.can_read_thread_start(message_id));

create policy "people change their own follows" on public.thread_follows
  for update to authenticated
  using (user_id = auth.uid())
  with check (user_id = auth.uid() and private.can_read_thread_start(message_id));

create policy "two-step sign-in needs aal2" on public.thread_follows
  as restrictive for all to authenticated
  using ((select private.has_required_aal())) with check ((select private.has_required_aal()));

revoke insert, update, delete on public.thread_follows from anon, authenticated;
grant insert (message_id, following) on public.thread_follows to authenticated;
grant update (following) on public.thread_follows to authenticated;

create trigger thread_follows_touch before update on public.thread_follows
  for each row execute function private.touch_updated_at();

/** Follow or unfollow a thread (by its first message) as the caller; returns the follow. */
create or replace function public.set_thread_following(message_id uuid, following boolean)
  returns public.thread_follows
  language plpgsql security invoker set search_path = ''
as $$
declare
  follow public.thread_follows;
begin
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
revoke execute on function public.set_thread_following(uuid, boolean) from public, anon;
grant execute on function public.set_thread_following(uuid, boolean) to authenticated, service_role;

-- Activity ------------------------------------------------------------------------------------------

create table public.activity (
  id uuid primary key default gen_random_uuid(),
  -- Whose inbox the row is in.
  user_id uuid not null references public.profiles (id) on delete cascade,
  kind text not null check (kind in ('mention', 'thread_reply', 'direct_message', 'reaction')),
  workspace_id uuid not null references public.workspaces (id) on delete cascade,
  channel_id uuid not null references public.channels (id) on delete cascade,
  -- The message to open: the one that mentions, replies, or was reacted to.
  message_id uuid not null references public.messages (id) on delete cascade,
  reaction_id uuid references public.reactions (id) on delete cascade,
  -- Who did it.
  actor_id uuid references public.profiles (id) on delete set null,
  created_at timestamptz not null default now(),
  read_at timestamptz,
  check ((kind = 'reaction') = (reaction_id is not null))
);
comment on table public.activity is 'Each person''s activity inbox, filled by triggers on messages and reactions.';
create unique index activity_message_once_idx on public.activity (user_id, message_id) where reaction_id is null;
create unique index activity_reaction_once_idx on public.activity (user_id, reaction_id) where reaction_id is not null;
create index activity_inbox_idx on public.activity (user_id, workspace_id, created_at desc, id desc);
create index activity_unread_idx on public.activity (user_id, workspace_id) where read_at is null;
create index activity_message_idx on public.activity (message_id);

alter table public.activity enable row level security;

create policy "people read their own activity in channels they can read" on public.activity
  for select to authenticated
  using (user_id = auth.uid() and channel_id in (select private.readable_channel_ids()));

create policy "people mark their own activity read" on public.activity
  for update to authenticated
  using (user_id = auth.uid())
  with check (user_id = auth.uid());

create policy "two-step sign-in needs aal2" on public.activity
  as restrictive for all to authenticated
  using ((select private.has_required_aal())) with check ((select private.has_required_aal()));

revoke insert, update, delete on public.activity from anon, authenticated;
grant update (read_at) on public.activity to authenticated;

alter publication supabase_realtime add table public.activity;

/** Mark every unread item of the caller's inbox in a workspace read; returns how many changed. */
create or replace function public.mark_all_activity_read(workspace_id uuid) returns integer
  language plpgsql security invoker set search_path = ''
as $$
declare
  changed integer;
begin
  if workspace_id is null then
    raise exception 'workspace_id is required' using errcode = '22004';
  end if;
  update public.activity a set read_at = now()
  where a.user_id = auth.uid() and a.workspace_id = mark_all_activity_read.workspace_id and a.read_at is null;
  get diagnostics changed = row_count;
  return changed;
end
$$;
revoke execute on function public.mark_all_activity_read(uuid) from public, anon;
grant execute on function public.mark_all_activity_read(uuid) to authenticated, service_role;
