-- Channels of a workspace. Public channels are open to every member of the workspace; private ones
-- only to the users listed in channel_members.
create table public.channels (
  id uuid primary key default gen_random_uuid(),
  workspace_id uuid not null references public.workspaces (id) on delete cascade,
  name text not null check (name ~ '^[[:alnum:]_-]([[:alnum:] ._-]{0,78}[[:alnum:]_-])?$'),
  topic text not null default '' check (char_length(topic) <= 250),
  is_private boolean not null default false,
  archived_at timestamptz,
  created_by uuid references public.profiles (id) on delete set null default auth.uid(),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  -- Lets messages and read markers reference (channel, workspace) together, so their denormalised
  -- workspace_id can never disagree with the channel's.
  unique (id, workspace_id)
);
-- Channel names are unique per workspace, ignoring case.
create unique index channels_workspace_name_key on public.channels (workspace_id, lower(name));

create table public.channel_members (
  channel_id uuid not null references public.channels (id) on delete cascade,
  user_id uuid not null references public.profiles (id) on delete cascade,
  added_by uuid references public.profiles (id) on delete set null default auth.uid(),
  joined_at timestamptz not null default now(),
  primary key (channel_id, user_id)
);
create index channel_members_user_idx on public.channel_members (user_id, channel_id);

create trigger channels_touch before update on public.channels
  for each row execute function private.touch_updated_at();

/** Whether the caller may read a channel's messages: public in one of their workspaces, or a
 *  private channel they belong to. */
create or replace function private.can_read_channel(ch uuid) returns boolean
  language sql stable security definer set search_path = ''
as $$
  select exists (
    select 1
    from public.channels c
    join public.workspace_members wm on wm.workspace_id = c.workspace_id and wm.user_id = auth.uid()
    where c.id = ch
      and (not c.is_private
           or exists (select 1 from public.channel_members cm where cm.channel_id = c.id and cm.user_id = auth.uid()))
  )
$$;

/** Every channel whose messages the caller may read (see can_read_channel), for `in (select …)` policies. */
create or replace function private.readable_channel_ids() returns setof uuid
  language sql stable security definer set search_path = ''
as $$
  select c.id
  from public.channels c
  join public.workspace_members wm on wm.workspace_id = c.workspace_id and wm.user_id = auth.uid()
  where not c.is_private
     or exists (select 1 from public.channel_members cm where cm.channel_id = c.id and cm.user_id = auth.uid())
$$;

/** The workspace of a channel, whoever asks (used in checks on rows that name a channel). */
create or replace function private.channel_workspace(ch uuid) returns uuid
  language sql stable security definer set search_path = ''
as $$
  select c.workspace_id from public.channels c where c.id = ch
$$;

/** Whether the caller has a channel_members row (joined a public channel, or is in a private one). */
create or replace function private.is_channel_member(ch uuid) returns boolean
  language sql stable security definer set search_path = ''
as $$
  select exists (select 1 from public.channel_members cm where cm.channel_id = ch and cm.user_id = auth.uid())
$$;

grant execute on function private.can_read_channel(uuid), private.readable_channel_ids(),
  private.channel_workspace(uuid), private.is_channel_member(uuid) to anon, authenticated, service_role;

-- The creator of a private channel is its first member (otherwise they could not see it).
create or replace function private.add_channel_creator() returns trigger
  language plpgsql security definer set search_path = ''
as $$
begin
  if new.is_private and new.created_by is not null then
    insert into public.channel_members (channel_id, user_id, added_by)
    values (new.id, new.created_by, new.created_by)
    on conflict do nothing;
  end if;
  return new;
end
$$;

create trigger channels_add_creator after insert on public.channels
  for each row execute function private.add_channel_creator();

-- Every new workspace starts with #general, so a fresh workspace is never empty.
create or replace function private.add_general_channel() returns trigger
  language plpgsql security definer set search_path = ''
as $$
begin
  insert into public.channels (workspace_id, name, topic, created_by)
  values (new.id, 'general', '', new.created_by);
  return new;
end
$$;

create trigger workspaces_add_general after insert on public.workspaces
  for each row execute function private.add_general_channel();

alter table public.channels enable row level security;
alter table public.channel_members enable row level security;

-- Channels --------------------------------------------------------------------------------------
-- Admins see private channels' names too (to manage them), but not their messages.
create policy "members see public channels, private ones they belong to" on public.channels
  for select to authenticated
  using (
    id in (select private.readable_channel_ids())
    or private.is_workspace_admin(workspace_id)
  );

create policy "members create channels" on public.channels
  for insert to authenticated
  with check (private.is_workspace_member(workspace_id) and created_by = auth.uid());

-- Rename, topic, privacy, archive: admins, or whoever created the channel while still a member.
create policy "admins and creators manage channels" on public.channels
  for update to authenticated
  using (
    private.is_workspace_admin(workspace_id)
    or (created_by = auth.uid() and private.can_read_channel(id))
  )
  with check (
    private.is_workspace_admin(workspace_id)
    or (created_by = auth.uid() and private.can_read_channel(id))
  );

create policy "admins delete channels" on public.channels
  for delete to authenticated
  using (private.is_workspace_admin(workspace_id));

revoke update on public.channels from anon, authenticated;
grant update (name, topic, is_private, archived_at) on public.channels to authenticated;

-- Channel members ---------------------------------------------------------------------------------
create policy "members see who is in channels they can read" on public.channel_members
  for select to authenticated
  using (
    channel_id in (select private.readable_channel_ids())
    or private.is_workspace_admin(private.channel_workspace(channel_id))
  );

-- A member of a channel (or an admin) adds workspace members to it; anyone joins a public channel.
create policy "members add teammates to channels they are in" on public.channel_members
  for insert to authenticated
  with check (
    private.is_member_of(private.channel_workspace(channel_id), user_id)
    and (
      private.is_workspace_admin(private.channel_workspace(channel_id))
      or (private.can_read_channel(channel_id)
          and (user_id = auth.uid() or private.is_channel_member(channel_id)))
    )
  );

create policy "members leave, admins remove" on public.channel_members
  for delete to authenticated
  using (
    user_id = auth.uid()
    or private.is_workspace_admin(private.channel_workspace(channel_id))
  );

revoke update on public.channel_members from anon, authenticated;
