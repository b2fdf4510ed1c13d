-- A person's custom status (emoji, text, "do not disturb", "clear after") and their time zone.
--
--   * user_statuses: one row per person, written only by that person. Teammates (anyone sharing a
--     workspace) read it until it expires: "clear after" is an expires_at that the select policy
--     respects, so an expired status is gone for everyone else without any job clearing it. The
--     person themself still reads their expired row (so an upsert over it works); the app treats it
--     as cleared.
--   * profiles.time_zone: an IANA zone name (from the browser, editable in account settings), for
--     the local time on the profile card; null when unknown.

/** Whether a text names a time zone PostgreSQL knows (the IANA names browsers use). */
create or replace function private.is_time_zone(zone text) returns boolean
  language sql stable set search_path = ''
as $$
  select exists (select 1 from pg_catalog.pg_timezone_names n where n.name = zone)
$$;
grant execute on function private.is_time_zone(text) to anon, authenticated, service_role;

alter table public.profiles
  add column time_zone text check (time_zone is null or private.is_time_zone(time_zone));
comment on column public.profiles.time_zone is 'IANA time zone for the local time teammates see; null when unknown.';
grant update (time_zone) on public.profiles to authenticated;

create table public.user_statuses (
  user_id uuid primary key references public.profiles (id) on delete cascade default auth.uid(),
  emoji text check (emoji is null or char_length(emoji) between 1 and 16),
  text text not null default '' check (char_length(text) <= 100),
  do_not_disturb boolean not null default false,
  -- "Clear after": past this moment teammates no longer see the status; null keeps it.
  expires_at timestamptz,
  updated_at timestamptz not null default now()
);
comment on table public.user_statuses is 'Custom status of a person, shown to teammates until expires_at.';

create trigger user_statuses_touch before update on public.user_statuses
  for each row execute function private.touch_updated_at();

alter table public.user_statuses enable row level security;

create policy "people see their own status" on public.user_statuses
  for select to authenticated
  using (user_id = auth.uid());

create policy "teammates see a status until it expires" on public.user_statuses
  for select to authenticated
  using ((expires_at is null or expires_at > now()) and private.shares_workspace_with(user_id));

create policy "people set their own status" on public.user_statuses
  for insert to authenticated
  with check (user_id = auth.uid());

create policy "people change their own status" on public.user_statuses
  for update to authenticated
  using (user_id = auth.uid())
  with check (user_id = auth.uid());

create policy "people clear their own status" on public.user_statuses
  for delete to authenticated
  using (user_id = auth.uid());

create policy "two-step sign-in needs aal2" on public.user_statuses
  as restrictive for all to authenticated
  using ((select private.has_required_aal()))
  with check ((select private.has_required_aal()));
