-- Nobody is attached to anything without their consent.
--
-- Workspaces: the "admins add members" policy let anyone add any user to a workspace they run —
-- and every signed-in user can create one — by inserting a workspace_members row with the user's
-- id. The inserter then saw the victim's profile and email, and the workspace showed up in the
-- victim's sidebar, even as its owner. A user now joins a workspace only by
--   * creating it: the workspaces_add_owner trigger (security definer) makes the creator owner;
--   * accepting an invitation addressed to their email: the accept-invite edge function inserts
--     the membership with the service role.
-- Clients keep changing roles and removing members (the update and delete policies stay).
drop policy "admins add members" on public.workspace_members;
revoke insert on public.workspace_members from anon, authenticated;

-- Channels: members of a channel may add teammates to it (as in any team chat), but the row
-- records who added them; a client could set added_by to someone else. Now it is always the
-- caller (its default, auth.uid()). Reactions and read markers already take user_id from the
-- caller (column grants and policies), and messages their author.
revoke insert on public.channel_members from anon, authenticated;
grant insert (channel_id, user_id) on public.channel_members to authenticated;

-- Avatars: listing the bucket's root showed every user's folder, and folder names are user ids
-- (the ids the workspace_members hole needed). A user now lists only their own folder. Avatars
-- stay readable by URL: the bucket is public, and public reads do not go through these policies.
do $migration$
begin
  if to_regclass('storage.objects') is null then
    raise notice 'storage schema absent: no avatar listing policy to change';
    return;
  end if;

  drop policy "anyone signed in lists avatars" on storage.objects;

  create policy "users list their own avatars" on storage.objects
    for select to authenticated
    using (bucket_id = 'avatars' and (storage.foldername(name))[1] = auth.uid()::text);
end
$migration$;
