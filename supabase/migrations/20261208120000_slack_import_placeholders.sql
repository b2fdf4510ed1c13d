-- A Slack import speaks for nobody and enrols nobody.
--
-- 1. messages.imported_author_name: an imported message is shown as "imported from Slack: <name>".
--    It has no author_id (never a live member's own message, which they could edit, which would
--    notify as theirs, or which others would read as their words). Only import-slack (service role)
--    writes it: clients insert only (id, channel_id, body, thread_parent_id).
-- 2. import_placeholders: a Slack user named by email who is not a member of the workspace. No
--    account is made for them (an unconfirmed account with their address was claimed by simply
--    signing up, enrolling the person without their consent). The row remembers which imported
--    channels they were in; when the person joins the workspace — only by accepting an invitation,
--    see 20251125100100_membership_by_consent.sql — they join those channels and the row goes.
alter table public.messages
  add column imported_author_name text
    check (imported_author_name is null or char_length(imported_author_name) between 1 and 80);
comment on column public.messages.imported_author_name is
  'Slack name of an imported message''s author (author_id is null then); null for messages written in Parley.';

create table public.import_placeholders (
  workspace_id uuid not null references public.workspaces (id) on delete cascade,
  email text not null check (email = lower(email) and char_length(email) between 3 and 320),
  display_name text not null check (char_length(display_name) between 1 and 80),
  channel_ids uuid[] not null default '{}',
  created_by uuid references public.profiles (id) on delete set null,
  created_at timestamptz not null default now(),
  primary key (workspace_id, email)
);
comment on table public.import_placeholders is
  'People a Slack import named by email who are not members: they join its channels on accepting an invitation.';

alter table public.import_placeholders enable row level security;
revoke all on public.import_placeholders from anon, authenticated;
grant select on public.import_placeholders to authenticated;

-- Admins see who is waiting, to invite them; only import-slack (service role) writes rows.
create policy "admins see their workspace's import placeholders" on public.import_placeholders
  for select to authenticated using ((select private.is_workspace_admin(workspace_id)));

create policy "two-step sign-in needs aal2" on public.import_placeholders
  as restrictive for all to authenticated
  using ((select private.has_required_aal())) with check ((select private.has_required_aal()));

-- A person joining a workspace joins the imported channels their placeholder was in (still plain
-- channels of that workspace: never a DM), added by whoever imported them.
create or replace function private.join_import_placeholder() returns trigger
language plpgsql security definer set search_path = '' as $$
declare
  waiting public.import_placeholders;
begin
  delete from public.import_placeholders p
  where p.workspace_id = new.workspace_id
    and p.email = (select lower(u.email) from auth.users u where u.id = new.user_id)
  returning * into waiting;
  if found then
    insert into public.channel_members (channel_id, user_id, added_by)
    select c.id, new.user_id, waiting.created_by
    from public.channels c
    where c.id = any (waiting.channel_ids) and c.workspace_id = new.workspace_id and c.kind = 'channel'
    on conflict do nothing;
  end if;
  return null;
end
$$;
revoke execute on function private.join_import_placeholder() from public, anon, authenticated;

create trigger workspace_members_join_import_placeholder
  after insert on public.workspace_members
  for each row execute function private.join_import_placeholder();
