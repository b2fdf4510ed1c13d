-- Admins manage private channels (names, topics, archive, removing people) without reading them.
-- Two of their rights let them read anyway:
--
--   * privacy: an admin outside a private channel could set is_private = false, read the history
--     as a public channel, and set it back;
--   * adding people: an admin could add any member to a private channel they cannot read (a
--     confederate, or a second account), who then reads it.
--
-- Now only a member of a private channel makes it public or adds people to it. Making a public
-- channel private reveals nothing (everyone in the workspace could read it), but whoever does it
-- becomes a member, so an admin or creator who never joined is not locked out of what they hid;
-- the channel's other members are whoever had joined it.

/** Refuses a client's private → public change unless the caller is a member of the channel. */
create or replace function private.guard_channel_privacy() returns trigger
  language plpgsql set search_path = ''
as $$
begin
  if old.is_private and not new.is_private and private.is_client() and not private.is_channel_member(old.id) then
    raise exception 'only members of a private channel can make it public'
      using errcode = '42501', hint = 'Ask a member of the channel to change it.';
  end if;
  return new;
end
$$;

-- security invoker on purpose: private.is_client() asks who runs the statement.
create trigger channels_guard_privacy before update of is_private on public.channels
  for each row execute function private.guard_channel_privacy();

/** Whoever turns a channel private joins it (they could read it a moment ago). */
create or replace function private.join_channel_made_private() returns trigger
  language plpgsql security definer set search_path = ''
as $$
begin
  insert into public.channel_members (channel_id, user_id, added_by)
  values (new.id, auth.uid(), auth.uid())
  on conflict do nothing;
  return null;
end
$$;

-- Only for a signed-in caller: migrations, the seed and the service role name no user.
create trigger channels_join_made_private after update of is_private on public.channels
  for each row when (not old.is_private and new.is_private and auth.uid() is not null)
  execute function private.join_channel_made_private();

-- Adding people: anyone joins a public channel; a member of a channel adds teammates to it; an
-- admin adds teammates to public channels. All of it only where the caller can read the channel,
-- which for a private channel means being in it (an admin outside it is refused).
drop policy "members add teammates to channels they are in" on public.channel_members;

create policy "members add teammates to channels they are in" on public.channel_members
  for insert to authenticated
  with check (
    private.is_member_of(private.channel_workspace(channel_id), user_id)
    and private.can_read_channel(channel_id)
    and (
      user_id = auth.uid()
      or private.is_channel_member(channel_id)
      or private.is_workspace_admin(private.channel_workspace(channel_id))
    )
  );
