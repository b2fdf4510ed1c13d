-- Invitations to a workspace by email. The token itself is never stored: only its SHA-256 (hex), so
-- a leaked table does not let anyone join. The invite-member / accept-invite edge functions write
-- these rows with the service role.
create table public.invitations (
  id uuid primary key default gen_random_uuid(),
  workspace_id uuid not null references public.workspaces (id) on delete cascade,
  email text not null check (email = lower(email) and email ~ '^[^@\s]+@[^@\s]+$'),
  role public.workspace_role not null default 'member' check (role <> 'owner'),
  token_hash text not null unique check (token_hash ~ '^[0-9a-f]{64}$'),
  invited_by uuid references public.profiles (id) on delete set null,
  created_at timestamptz not null default now(),
  expires_at timestamptz not null default now() + interval '7 days',
  accepted_at timestamptz,
  accepted_by uuid references public.profiles (id) on delete set null
);
-- One open invitation per address and workspace (resending rotates its token).
create unique index invitations_open_key on public.invitations (workspace_id, email) where accepted_at is null;
create index invitations_email_idx on public.invitations (email) where accepted_at is null;

alter table public.invitations enable row level security;

-- Admins list, resend and revoke; the invitee sees invitations addressed to their (verified) email.
create policy "admins and the invitee see invitations" on public.invitations
  for select to authenticated
  using (
    private.is_workspace_admin(workspace_id)
    or email = lower(auth.jwt() ->> 'email')
  );

create policy "admins revoke invitations" on public.invitations
  for delete to authenticated
  using (private.is_workspace_admin(workspace_id));

-- Creating and accepting go through the edge functions (token generation, email), so clients get
-- no insert or update rights at all.
revoke insert, update on public.invitations from anon, authenticated;
