-- What deleting an account means in Parley (run by the delete-account function with the service
-- role, before it deletes the auth user, whose foreign keys then cascade):
--   * workspaces where the user is the only member are deleted with everything in them;
--   * a user who is the only owner of a workspace with other members must first hand ownership
--     over — nothing is deleted and the workspaces are named;
--   * the user's messages stay as tombstones (body emptied, deleted_at set), so threads and
--     conversations keep their shape; the author becomes null when the profile goes;
--   * their attachments rows go, and the paths of their files are returned so the function can
--     remove the files through the storage API;
--   * reactions, read markers, memberships and the profile go by cascade with the auth user.
create or replace function public.prepare_account_deletion(target_user uuid) returns jsonb
  language plpgsql security invoker set search_path = ''
as $$
declare
  blocked jsonb;
  paths text[];
begin
  select coalesce(jsonb_agg(jsonb_build_object('id', w.id, 'slug', w.slug, 'name', w.name)), '[]'::jsonb) into blocked
  from public.workspaces w
  join public.workspace_members me on me.workspace_id = w.id and me.user_id = target_user and me.role = 'owner'
  where not exists (select 1 from public.workspace_members o where o.workspace_id = w.id and o.role = 'owner' and o.user_id <> target_user)
    and exists (select 1 from public.workspace_members o where o.workspace_id = w.id and o.user_id <> target_user);
  if jsonb_array_length(blocked) > 0 then
    return jsonb_build_object('blocked_workspaces', blocked);
  end if;

  delete from public.workspaces w
  where exists (select 1 from public.workspace_members me where me.workspace_id = w.id and me.user_id = target_user)
    and not exists (select 1 from public.workspace_members o where o.workspace_id = w.id and o.user_id <> target_user);

  select coalesce(array_agg(a.object_path), '{}') into paths from public.attachments a where a.uploader_id = target_user;
  delete from public.attachments a where a.uploader_id = target_user;
  update public.messages m set deleted_at = now() where m.author_id = target_user and m.deleted_at is null;

  return jsonb_build_object('blocked_workspaces', '[]'::jsonb, 'attachment_paths', to_jsonb(paths));
end
$$;

-- Only the service role (the function) may run it.
revoke execute on function public.prepare_account_deletion(uuid) from public, anon, authenticated;
grant execute on function public.prepare_account_deletion(uuid) to service_role;
