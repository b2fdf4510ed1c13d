-- Admins manage private channels — they see their names and add or remove members — but do not read
-- them unless a member of the channel adds them (see the channels policies). The original insert
-- policy on channel_members let an admin add *themselves* to any private channel and read it at
-- once; now an admin adds themselves only to channels they can already read (public ones).
drop policy "members add teammates to channels they are in" on public.channel_members;

create policy "members add teammates to channels they are in" on public.channel_members
  for insert to authenticated
  with check (
    private.is_member_of(private.channel_workspace(channel_id), user_id)
    and (
      (private.is_workspace_admin(private.channel_workspace(channel_id))
       and (user_id is distinct from auth.uid() or private.can_read_channel(channel_id)))
      or (private.can_read_channel(channel_id)
          and (user_id = auth.uid() or private.is_channel_member(channel_id)))
    )
  );
