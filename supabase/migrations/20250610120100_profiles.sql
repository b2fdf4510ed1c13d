-- One profile per auth user, created by the database itself (never by the client), so every user
-- the auth service creates — sign-up, invite, admin, seed — has one.
create table public.profiles (
  id uuid primary key references auth.users (id) on delete cascade,
  -- Copied from auth.users so teammates can find each other (as chat apps show addresses);
  -- kept in sync by the triggers below.
  email text not null,
  -- The @handle used for mentions.
  username extensions.citext not null unique
    check (username::text ~ '^[a-z0-9][a-z0-9._-]{1,31}$'),
  display_name text not null check (char_length(display_name) between 1 and 80),
  -- Path in the `avatars` bucket: `<user_id>/…`.
  avatar_path text check (avatar_path is null or avatar_path like id::text || '/%'),
  -- One of the app's locales; null follows the browser.
  locale text check (locale is null or locale in ('en', 'de', 'fr', 'es', 'ja', 'ar')),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
comment on table public.profiles is 'Public face of a user: handle, name, avatar. One row per auth.users row.';

create trigger profiles_touch before update on public.profiles
  for each row execute function private.touch_updated_at();

-- A free handle from a wish (metadata `username`) or the email's local part.
create or replace function private.free_username(wish text, user_id uuid) returns text
  language plpgsql
  set search_path = ''
as $$
declare
  base text := left(regexp_replace(lower(coalesce(wish, '')), '[^a-z0-9._-]', '', 'g'), 24);
  candidate text;
begin
  base := regexp_replace(base, '^[._-]+', '');
  if char_length(base) < 2 then
    base := 'user' || base;
  end if;
  candidate := base;
  -- Deterministic suffixes first (readable), then random ones; a collision loop ends quickly.
  for attempt in 1..20 loop
    exit when not exists (select 1 from public.profiles p where p.username = candidate::extensions.citext);
    candidate := base || '-' || substr(md5(user_id::text || attempt::text), 1, 4);
  end loop;
  return candidate;
end
$$;

-- security definer: runs as the table owner because the auth service (supabase_auth_admin) that
-- inserts users has no rights on public; search_path is empty so nothing can be shadowed.
create or replace function private.handle_new_user() returns trigger
  language plpgsql
  security definer
  set search_path = ''
as $$
declare
  meta jsonb := coalesce(new.raw_user_meta_data, '{}'::jsonb);
  local_part text := split_part(coalesce(new.email, ''), '@', 1);
begin
  insert into public.profiles (id, email, username, display_name, locale)
  values (
    new.id,
    coalesce(new.email, ''),
    private.free_username(coalesce(meta ->> 'username', nullif(local_part, ''), 'user'), new.id),
    left(coalesce(nullif(trim(meta ->> 'display_name'), ''), nullif(trim(meta ->> 'full_name'), ''),
                  nullif(trim(meta ->> 'name'), ''), nullif(local_part, ''), 'New user'), 80),
    case when meta ->> 'locale' in ('en', 'de', 'fr', 'es', 'ja', 'ar') then meta ->> 'locale' end
  )
  on conflict (id) do nothing;
  return new;
end
$$;

create trigger on_auth_user_created after insert on auth.users
  for each row execute function private.handle_new_user();

-- An email change (once confirmed by the auth service) reaches the profile.
create or replace function private.handle_user_email_change() returns trigger
  language plpgsql
  security definer
  set search_path = ''
as $$
begin
  update public.profiles set email = coalesce(new.email, '') where id = new.id;
  return new;
end
$$;

create trigger on_auth_user_email_changed after update of email on auth.users
  for each row when (old.email is distinct from new.email)
  execute function private.handle_user_email_change();

alter table public.profiles enable row level security;

-- Clients may only change what a user edits on their profile page.
revoke insert, update, delete on public.profiles from anon, authenticated;
grant update (username, display_name, avatar_path, locale) on public.profiles to authenticated;
