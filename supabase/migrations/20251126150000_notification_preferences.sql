-- Notification preferences: per person (what to be told about, a do-not-disturb schedule in their own
-- time zone, a snooze) and per conversation (all / mentions / nothing, and mute). Private to their
-- person: nobody reads or writes another's. private.should_notify(user, message) decides from them
-- whether a message should reach a person (used by the missed-activity email, later by browser
-- notifications).

/** Whether a text names a time zone PostgreSQL knows ('Europe/Berlin', 'UTC', …). */
create or replace function private.is_time_zone(zone text) returns boolean
  language plpgsql stable set search_path = ''
as $$
begin
  perform now() at time zone zone;
  return true;
exception when invalid_parameter_value then
  return false;
end
$$;

create table public.notification_preferences (
  user_id uuid primary key references public.profiles (id) on delete cascade default auth.uid(),
  -- all: every new message in conversations I belong to; mentions: mentions and DMs; nothing.
  notify_on text not null default 'mentions' check (notify_on in ('all', 'mentions', 'nothing')),
  -- IANA time zone the do-not-disturb schedule is read in.
  time_zone text not null default 'UTC' check (private.is_time_zone(time_zone)),
  -- Daily quiet hours in time_zone (may wrap midnight: 22:00–07:00); both set or both null.
  dnd_start time,
  dnd_end time,
  snoozed_until timestamptz,
  -- The email summing up missed mentions and DMs (the email's unsubscribe link turns it off).
  email_missed boolean not null default true,
  updated_at timestamptz not null default now(),
  constraint notification_preferences_dnd_pair check ((dnd_start is null) = (dnd_end is null))
);

create table public.conversation_preferences (
  user_id uuid not null references public.profiles (id) on delete cascade default auth.uid(),
  channel_id uuid not null references public.channels (id) on delete cascade,
  -- null follows the person's notify_on.
  notify_on text check (notify_on in ('all', 'mentions', 'nothing')),
  -- Muted: never notified, and shown greyed in the sidebar.
  muted boolean not null default false,
  updated_at timestamptz not null default now(),
  primary key (user_id, channel_id)
);

create trigger notification_preferences_touch before update on public.notification_preferences
  for each row execute function private.touch_updated_at();
create trigger conversation_preferences_touch before update on public.conversation_preferences
  for each row execute function private.touch_updated_at();

alter table public.notification_preferences enable row level security;
alter table public.conversation_preferences enable row level security;

create policy "people read their own notification preferences" on public.notification_preferences
  for select to authenticated using (user_id = (select auth.uid()));
create policy "people set their own notification preferences" on public.notification_preferences
  for insert to authenticated with check (user_id = (select auth.uid()));
create policy "people change their own notification preferences" on public.notification_preferences
  for update to authenticated using (user_id = (select auth.uid())) with check (user_id = (select auth.uid()));
create policy "people drop their own notification preferences" on public.notification_preferences
  for delete to authenticated using (user_id = (select auth.uid()));

create policy "people read their own conversation preferences" on public.conversation_preferences
  for select to authenticated using (user_id = (select auth.uid()));
create policy "people set preferences for conversations they read" on public.conversation_preferences
  for insert to authenticated with check (user_id = (select auth.uid()) and private.can_read_channel(channel_id));
create policy "people change their own conversation preferences" on public.conversation_preferences
  for update to authenticated
  using (user_id = (select auth.uid()))
  with check (user_id = (select auth.uid()) and private.can_read_channel(channel_id));
create policy "people drop their own conversation preferences" on public.conversation_preferences
  for delete to authenticated using (user_id = (select auth.uid()));

create policy "two-step sign-in needs aal2" on public.notification_preferences
  as restrictive for all to authenticated
  using ((select private.has_required_aal())) with check ((select private.has_required_aal()));
create policy "two-step sign-in needs aal2" on public.conversation_preferences
  as restrictive for all to authenticated
  using ((select private.has_required_aal())) with check ((select private.has_required_aal()));

revoke all on public.notification_preferences, public.conversation_preferences from anon;
revoke insert, update on public.notification_preferences, public.conversation_preferences from authenticated;
-- Update includes the key columns so supabase-js upsert (INSERT … ON CONFLICT DO UPDATE of every column
-- sent) works; the policies keep user_id the caller's and channel_id a conversation they read.
grant insert (user_id, notify_on, time_zone, dnd_start, dnd_end, snoozed_until, email_missed),
  update (user_id, notify_on, time_zone, dnd_start, dnd_end, snoozed_until, email_missed)
  on public.notification_preferences to authenticated;
grant insert (user_id, channel_id, notify_on, muted), update (user_id, channel_id, notify_on, muted)
  on public.conversation_preferences to authenticated;

/** Whether a person may read a channel's messages (can_read_channel for someone other than the caller). */
create or replace function private.user_can_read_channel(person uuid, ch uuid) returns boolean
  language sql stable security definer set search_path = ''
as $$
  select exists (
    select 1
    from public.channels c
    join public.workspace_members wm on wm.workspace_id = c.workspace_id and wm.user_id = person
    where c.id = ch
      and (not c.is_private
           or exists (select 1 from public.channel_members cm where cm.channel_id = c.id and cm.user_id = person))
  )
$$;

/** Whether an instant falls in a daily window [from, until) of local times in a zone; the window may wrap midnight. */
create or replace function private.in_daily_window(at_instant timestamptz, zone text, from_time time, until_time time)
  returns boolean
  language sql stable set search_path = ''
as $$
  select case
    when from_time is null or until_time is null or from_time = until_time then false
    when from_time < until_time then (at_instant at time zone zone)::time >= from_time
                                     and (at_instant at time zone zone)::time < until_time
    else (at_instant at time zone zone)::time >= from_time or (at_instant at time zone zone)::time < until_time
  end
$$;

/**
 * Whether a message should reach a person now: they can read it and did not write it, it is not
 * deleted, they are not snoozed or in their quiet hours, the conversation is not muted, and the
 * conversation's level (else the person's) lets it through — all: any message of a conversation they
 * belong to; mentions: a mention of them or a DM; nothing: none.
 */
create or replace function private.should_notify(person uuid, message uuid) returns boolean
  language plpgsql stable security definer set search_path = ''
as $$
declare
  m public.messages;
  ch public.channels;
  prefs public.notification_preferences;
  conversation public.conversation_preferences;
  level text;
begin
  select * into m from public.messages where id = message;
  if m.id is null or m.deleted_at is not null or m.author_id = person then return false; end if;
  if not private.user_can_read_channel(person, m.channel_id) then return false; end if;
  select * into ch from public.channels where id = m.channel_id;
  select * into prefs from public.notification_preferences where user_id = person;
  select * into conversation from public.conversation_preferences where user_id = person and channel_id = m.channel_id;
  if coalesce(conversation.muted, false) then return false; end if;
  if prefs.snoozed_until is not null and prefs.snoozed_until > now() then return false; end if;
  if private.in_daily_window(now(), coalesce(prefs.time_zone, 'UTC'), prefs.dnd_start, prefs.dnd_end) then
    return false;
  end if;
  level := coalesce(conversation.notify_on, prefs.notify_on, 'mentions');
  if level = 'nothing' then return false; end if;
  if person = any (m.mentions) or ch.kind = 'direct' then return true; end if;
  return level = 'all'
    and exists (select 1 from public.channel_members cm where cm.channel_id = ch.id and cm.user_id = person);
end
$$;

revoke execute on function private.should_notify(uuid, uuid), private.user_can_read_channel(uuid, uuid)
  from public, anon, authenticated;
grant execute on function private.should_notify(uuid, uuid), private.user_can_read_channel(uuid, uuid) to service_role;
grant execute on function private.is_time_zone(text), private.in_daily_window(timestamptz, text, time, time)
  to anon, authenticated, service_role;
