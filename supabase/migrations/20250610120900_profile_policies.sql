-- Who sees a profile: its user, and anyone sharing a workspace with them (to show authors,
-- members and mentions). Needs the workspace helpers, hence after the workspaces migration.
create or replace function private.shares_workspace_with(other uuid) returns boolean
  language sql stable security definer set search_path = ''
as $$
  select exists (
    select 1 from public.workspace_members mine
    join public.workspace_members theirs on theirs.workspace_id = mine.workspace_id
    where mine.user_id = auth.uid() and theirs.user_id = other
  )
$$;
grant execute on function private.shares_workspace_with(uuid) to anon, authenticated, service_role;

create policy "users see themselves and their teammates" on public.profiles
  for select to authenticated
  using (id = auth.uid() or private.shares_workspace_with(id));

create policy "users edit their own profile" on public.profiles
  for update to authenticated
  using (id = auth.uid())
  with check (id = auth.uid());
