-- Passkeys (GoTrue's `webauthn_credentials` and `webauthn_challenges`, as its 2026-03 migration
-- leaves them): one row per registered passkey, and short-lived ceremony state. WebAuthn MFA factors
-- keep their credential in `mfa_factors.web_authn_credential` and their state in `mfa_challenges`.
create table if not exists auth.webauthn_credentials (
  id uuid not null default gen_random_uuid() primary key,
  user_id uuid not null references auth.users (id) on delete cascade,
  credential_id bytea not null,
  public_key bytea not null,
  attestation_type text not null default '',
  aaguid uuid,
  sign_count bigint not null default 0,
  transports jsonb not null default '[]'::jsonb,
  backup_eligible boolean not null default false,
  backed_up boolean not null default false,
  friendly_name text not null default '',
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  last_used_at timestamptz
);
create unique index if not exists webauthn_credentials_credential_id_key on auth.webauthn_credentials (credential_id);
create index if not exists webauthn_credentials_user_id_idx on auth.webauthn_credentials (user_id);

create table if not exists auth.webauthn_challenges (
  id uuid not null default gen_random_uuid() primary key,
  user_id uuid references auth.users (id) on delete cascade,
  challenge_type text not null check (challenge_type in ('signup', 'registration', 'authentication')),
  session_data jsonb not null,
  created_at timestamptz not null default now(),
  expires_at timestamptz not null
);
create index if not exists webauthn_challenges_user_id_idx on auth.webauthn_challenges (user_id);
create index if not exists webauthn_challenges_expires_at_idx on auth.webauthn_challenges (expires_at);

-- Owned by the auth admin with RLS on and read-only to postgres, like every other auth table.
do $$
declare t text;
begin
  foreach t in array array['webauthn_credentials', 'webauthn_challenges']
  loop
    execute format('alter table auth.%I owner to supabase_auth_admin', t);
    execute format('alter table auth.%I enable row level security', t);
    execute format('grant select on auth.%I to postgres with grant option', t);
    execute format('grant all on auth.%I to dashboard_user', t);
  end loop;
end $$;
