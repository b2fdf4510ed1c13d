-- Two-step sign-in protects the data, not only the account.
--
-- The auth service itself asks for the second factor (aal2) only to change credentials and
-- factors; everything else is up to RLS on the token's `aal` claim. Until now a person who had
-- enrolled a factor could still read and write all their chat data with a password-only, magic
-- link, email code, OAuth or SSO session (aal1), which is exactly the session a stolen password or
-- mailbox gives. From here on:
--
--   * a person with a verified factor (auth.mfa_factors.status = 'verified') reaches Parley's data
--     only with an aal2 token; a person without one is unaffected (aal1 is all they can have);
--   * the rule is a RESTRICTIVE policy, AND-ed with every permissive policy, on every table in
--     public, on storage.objects (attachments and avatars; a public avatar read by its URL skips
--     RLS, as upstream storage does) and on realtime.messages (broadcast and presence topics).
--     Realtime's postgres changes and storage follow from these, since both ask PostgreSQL as the
--     caller;
--   * it judges the caller only: teammates still see the messages, profile and files of a person
--     with a factor whatever their own sessions are.
--
-- This is the pattern Supabase documents for enforcing MFA with RLS ("Enforce MFA for selected
-- users"), with the factor lookup in a security definer helper: auth.mfa_factors belongs to the
-- auth service and API roles are not meant to read it. The helper runs as the migration's owner
-- (postgres), which may read auth.mfa_factors on hosted Supabase and on Parley Stack alike; both
-- have its user_id and status columns and an index on user_id.
--
-- A table added by a later migration needs the same policy; the stack's tests list any table in
-- public without it (stack/test/security/rls/mfa-aal2.test.ts, "coverage").

-- The helper must see every factor: auth.mfa_factors has row level security on (no policies), so
-- its owner must bypass RLS, as postgres does on hosted Supabase and on Parley Stack. Were it not
-- so, the helper would find no factor and let every aal1 session through; refuse to go on instead.
do $migration$
begin
  if exists (select 1 from pg_class where oid = 'auth.mfa_factors'::regclass and relrowsecurity)
     and not exists (select 1 from pg_roles where rolname = current_user and (rolsuper or rolbypassrls))
     and (select pg_get_userbyid(relowner) from pg_class where oid = 'auth.mfa_factors'::regclass) <> current_user then
    raise exception 'role % cannot read every row of auth.mfa_factors (row level security); run this migration as postgres', current_user;
  end if;
end
$migration$;

/**
 * Whether the caller's token is strong enough for their account: aal2, or any token of a person
 * with no verified second factor. Policies call it as `(select private.has_required_aal())`, so
 * PostgreSQL evaluates it once per statement.
 */
create or replace function private.has_required_aal() returns boolean
  language sql stable security definer set search_path = ''
as $$
  select coalesce(auth.jwt() ->> 'aal', '') = 'aal2'
      or not exists (
        select 1 from auth.mfa_factors f
        where f.user_id = auth.uid() and f.status = 'verified'
      )
$$;
revoke execute on function private.has_required_aal() from public;
grant execute on function private.has_required_aal() to anon, authenticated, service_role;

-- Every table in public has row level security (each migration enables it), so each gets the rule.
do $migration$
declare
  target regclass;
begin
  for target in
    select c.oid::regclass
    from pg_class c join pg_namespace n on n.oid = c.relnamespace
    where n.nspname = 'public' and c.relkind in ('r', 'p')
    order by c.relname
  loop
    execute format(
      'create policy "two-step sign-in needs aal2" on %s as restrictive for all to authenticated
         using ((select private.has_required_aal())) with check ((select private.has_required_aal()))',
      target);
  end loop;
end
$migration$;

-- Broadcast and presence topics (policies in *_realtime.sql).
create policy "two-step sign-in needs aal2" on realtime.messages
  as restrictive for all to authenticated
  using ((select private.has_required_aal()))
  with check ((select private.has_required_aal()));

-- Files. Guarded like *_storage.sql: Parley Stack has no storage schema without its storage service.
do $migration$
begin
  if to_regclass('storage.objects') is null then
    raise notice 'storage schema absent: no aal2 rule on storage.objects';
    return;
  end if;

  create policy "two-step sign-in needs aal2" on storage.objects
    as restrictive for all to authenticated
    using ((select private.has_required_aal()))
    with check ((select private.has_required_aal()));
end
$migration$;
