-- Workspaces and their members. Everything else in Parley belongs to a workspace, and a user sees
-- a workspace's data only through a row here.
create type public.workspace_role as enum ('owner', 'admin', 'member');

create table public.workspaces (
  id uuid primary key default gen_random_uuid(),
  name text not null check (char_length(trim(name)) between 1 and 80),
  -- URL handle: /<locale>/w/<slug>.
  slug text not null unique check (slug ~ '^[a-z0-9](?:[a-z0-9-]{0,46}[a-z0-9])?$'),
  created_by uuid references public.profiles (id) on delete set null default auth.uid(),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);

create table public.workspace_members (
  workspace_id uuid not null references public.workspaces (id) on delete cascade,
  user_id uuid not null references public.profiles (id) on delete cascade,
  role public.workspace_role not null default 'member',
  joined_at timestamptz not null default now(),
  primary key (workspace_id, user_id)
);
-- "My workspaces" reads by user.
create index workspace_members_user_idx on public.workspace_members (user_id, workspace_id);

create trigger workspaces_touch before update on public.workspaces
  for each row execute function private.touch_updated_at();

-- Helpers for policies. security definer so that a policy on workspace_members can ask about
-- workspace_members without recursing into its own policy; stable so the planner may evaluate
-- them once per statement when called with constants.

/** The caller's role in a workspace, or null. */
create or replace function private.workspace_role(ws uuid) returns public.workspace_role
  language sql stable security definer set search_path = ''
as $$
  select m.role from public.workspace_members m where m.workspace_id = ws and m.user_id = auth.uid()
$$;

create or replace function private.is_workspace_member(ws uuid) returns boolean
  language sql stable security definer set search_path = ''
as $$
  select exists (select 1 from public.workspace_members m where m.workspace_id = ws and m.user_id = auth.uid())
$$;

create or replace function private.is_workspace_admin(ws uuid) returns boolean
  language sql stable security definer set search_path = ''
as $$
  select exists (
    select 1 from public.workspace_members m
    where m.workspace_id = ws and m.user_id = auth.uid() and m.role in ('owner', 'admin')
  )
$$;

/** Whether another user belongs to a workspace (to check who may be added to a channel). */
create or replace function private.is_member_of(ws uuid, member uuid) returns boolean
  language sql stable security definer set search_path = ''
as $$
  select exists (select 1 from public.workspace_members m where m.workspace_id = ws and m.user_id = member)
$$;

/** Every workspace of the caller: policies use `workspace_id in (select private.my_workspace_ids())`,
 *  which PostgreSQL runs once per query rather than once per row. */
create or replace function private.my_workspace_ids() returns setof uuid
  language sql stable security definer set search_path = ''
as $$
  select m.workspace_id from public.workspace_members m where m.user_id = auth.uid()
$$;

grant execute on function private.workspace_role(uuid), private.is_workspace_member(uuid),
  private.is_workspace_admin(uuid), private.is_member_of(uuid, uuid), private.my_workspace_ids()
  to anon, authenticated, service_role;

-- The creator of a workspace becomes its owner in the same statement, so a new workspace is never
-- ownerless. Runs as owner because no policy lets a non-member add members.
create or replace function private.add_workspace_owner() returns trigger
  language plpgsql security definer set search_path = ''
as $$
begin
  if new.created_by is not null then
    insert into public.workspace_members (workspace_id, user_id, role)
    values (new.id, new.created_by, 'owner')
    on conflict (workspace_id, user_id) do update set role = 'owner';
  end if;
  return new;
end
$$;

create trigger workspaces_add_owner after insert on public.workspaces
  for each row execute function private.add_workspace_owner();

-- A workspace keeps at least one owner: the last one can neither leave nor be demoted (deleting
-- the whole workspace, which cascades, is still allowed).
create or replace function private.keep_an_owner() returns trigger
  language plpgsql security definer set search_path = ''
as $$
begin
  if old.role = 'owner'
     and (tg_op = 'DELETE' or new.role <> 'owner')
     and exists (select 1 from public.workspaces w where w.id = old.workspace_id)
     and not exists (
       select 1 from public.workspace_members m
       where m.workspace_id = old.workspace_id and m.role = 'owner' and m.user_id <> old.user_id
     ) then
    raise exception 'a workspace needs at least one owner'
      using errcode = 'P0001', hint = 'Make another member owner first, or delete the workspace.';
  end if;
  return coalesce(new, old);
end
$$;

create trigger workspace_members_keep_owner before update of role or delete on public.workspace_members
  for each row execute function private.keep_an_owner();

alter table public.workspaces enable row level security;
alter table public.workspace_members enable row level security;

-- Workspaces ------------------------------------------------------------------------------------
create policy "members see their workspaces" on public.workspaces
  for select to authenticated
  using (id in (select private.my_workspace_ids()));

create policy "signed-in users create workspaces they own" on public.workspaces
  for insert to authenticated
  with check (created_by = auth.uid());

create policy "admins rename workspaces" on public.workspaces
  for update to authenticated
  using (private.is_workspace_admin(id))
  with check (private.is_workspace_admin(id));

create policy "owners delete workspaces" on public.workspaces
  for delete to authenticated
  using (private.workspace_role(id) = 'owner');

revoke update on public.workspaces from anon, authenticated;
grant update (name, slug) on public.workspaces to authenticated;

-- Members ---------------------------------------------------------------------------------------
create policy "members see their teammates" on public.workspace_members
  for select to authenticated
  using (workspace_id in (select private.my_workspace_ids()));

-- Admins add members; only an owner hands out ownership. (Invitations are accepted by the
-- accept-invite function with the service role.)
create policy "admins add members" on public.workspace_members
  for insert to authenticated
  with check (
    private.is_workspace_admin(workspace_id)
    and (role <> 'owner' or private.workspace_role(workspace_id) = 'owner')
  );

create policy "admins change roles" on public.workspace_members
  for update to authenticated
  using (
    private.is_workspace_admin(workspace_id)
    and (role <> 'owner' or private.workspace_role(workspace_id) = 'owner')
  )
  with check (role <> 'owner' or private.workspace_role(workspace_id) = 'owner');

create policy "members leave, admins remove" on public.workspace_members
  for delete to authenticated
  using (
    user_id = auth.uid()
    or (private.is_workspace_admin(workspace_id)
        and (role <> 'owner' or private.workspace_role(workspace_id) = 'owner'))
  );

revoke update on public.workspace_members from anon, authenticated;
grant update (role) on public.workspace_members to authenticated;

-- Creating a workspace from the app in one call: the row, its owner and a #general channel
-- (added by the channels migration's trigger). security invoker: the insert policy decides.
create or replace function public.create_workspace(name text, slug text) returns public.workspaces
  language plpgsql security invoker set search_path = ''
as $$
declare
  new_id uuid := gen_random_uuid();
  created public.workspaces;
begin
  -- No RETURNING: the caller may only read the row once the owner trigger has made them a member.
  insert into public.workspaces (id, name, slug, created_by) values (new_id, trim(name), lower(slug), auth.uid());
  select * into created from public.workspaces w where w.id = new_id;
  return created;
end
$$;
revoke execute on function public.create_workspace(text, text) from public, anon;
grant execute on function public.create_workspace(text, text) to authenticated, service_role;
