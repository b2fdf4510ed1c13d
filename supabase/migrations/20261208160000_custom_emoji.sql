-- Custom emoji a workspace uploads: a name (`:name:` in messages and reactions) and an image.
--
--   custom_emoji            members of the workspace read; its admins (and owners) add and remove.
--   custom-emoji bucket     <workspace_id>/<anything>: png, gif, webp or jpeg up to 128 KiB; public
--                           read like Slack's emoji URLs (the key holds two random uuids), written
--                           and removed only by the workspace's admins, listed by its members.
--
-- Names follow Slack's rules for custom emoji: lower-case letters, digits, `-` and `_` (Slack also
-- takes `'`, which a shortcode in text cannot carry here). At most 62 characters, so that `:name:`
-- fits public.reactions.emoji (1–64 characters, no white space): a reaction with a custom emoji
-- stores `:name:` like any shortcode, and the activity and notification texts show it as written.

create table public.custom_emoji (
  id uuid primary key default gen_random_uuid(),
  workspace_id uuid not null references public.workspaces (id) on delete cascade,
  name text not null check (name ~ '^[a-z0-9_-]{1,62}$'),
  -- Object key in the `custom-emoji` bucket; its first segment is the workspace.
  storage_path text not null unique check (char_length(storage_path) <= 512),
  created_by uuid references public.profiles (id) on delete set null default auth.uid(),
  created_at timestamptz not null default now(),
  unique (workspace_id, name),
  check (split_part(storage_path, '/', 1) = workspace_id::text)
);
comment on table public.custom_emoji is 'Emoji a workspace uploaded, written :name: in messages and reactions.';

revoke insert, update on public.custom_emoji from anon, authenticated;
grant select, delete on public.custom_emoji to authenticated;
grant insert (workspace_id, name, storage_path) on public.custom_emoji to authenticated;

alter table public.custom_emoji enable row level security;

create policy "members see their workspace's emoji" on public.custom_emoji
  for select to authenticated
  using ((select private.is_workspace_member(workspace_id)));

create policy "admins add emoji" on public.custom_emoji
  for insert to authenticated
  with check ((select private.is_workspace_admin(workspace_id)) and created_by = (select auth.uid()));

create policy "admins remove emoji" on public.custom_emoji
  for delete to authenticated
  using ((select private.is_workspace_admin(workspace_id)));

create policy "two-step sign-in needs aal2" on public.custom_emoji
  as restrictive for all to authenticated
  using ((select private.has_required_aal()))
  with check ((select private.has_required_aal()));

do $migration$
begin
  if to_regclass('storage.buckets') is null or to_regclass('storage.objects') is null then
    raise notice 'storage schema absent: custom-emoji bucket not created';
    return;
  end if;

  insert into storage.buckets (id, name, public, file_size_limit, allowed_mime_types)
  values ('custom-emoji', 'custom-emoji', true, 131072, array['image/png', 'image/gif', 'image/webp', 'image/jpeg'])
  on conflict (id) do update set
    public = excluded.public,
    file_size_limit = excluded.file_size_limit,
    allowed_mime_types = excluded.allowed_mime_types;

  -- The upload form shows the limits before sending, as the composer does for attachments.
  create policy "signed-in users read the custom-emoji bucket's limits" on storage.buckets
    for select to authenticated
    using (id = 'custom-emoji');

  create policy "members list their workspace's emoji images" on storage.objects
    for select to authenticated
    using (bucket_id = 'custom-emoji' and private.is_workspace_member(private.attachment_workspace(name)));

  create policy "admins upload emoji images" on storage.objects
    for insert to authenticated
    with check (bucket_id = 'custom-emoji' and private.is_workspace_admin(private.attachment_workspace(name)));

  create policy "admins remove emoji images" on storage.objects
    for delete to authenticated
    using (bucket_id = 'custom-emoji' and private.is_workspace_admin(private.attachment_workspace(name)));
end
$migration$;
