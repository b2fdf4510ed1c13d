-- The email for what was missed: a mention or DM still unread (after the person's read marker) some
-- time after it was sent, while the person is not online, is summed up in one email at most once an
-- hour. A pg_cron job calls the edge function `missed-activity-email` every minute through pg_net,
-- as hosted Supabase schedules edge functions; the function claims what is due
-- (claim_missed_activity) and sends it.

/** Tunables, one row. The tests shorten delay. */
create table private.missed_activity_settings (
  id boolean primary key default true check (id),
  -- How long a mention or DM stays unread before it is emailed.
  delay interval not null default '15 minutes',
  -- At most one email per person in this time.
  min_gap interval not null default '1 hour',
  -- A person seen (record_presence) within this time is online and gets no email.
  online_window interval not null default '5 minutes',
  -- Older messages are never emailed (no flood after a long absence or on first deployment).
  lookback interval not null default '2 days',
  -- Where the cron job finds the API and the service key when Supabase Vault is not installed
  -- (Parley Stack); on hosted Supabase they are Vault secrets `project_url` and `service_role_key`.
  project_url text,
  service_role_key text
);
insert into private.missed_activity_settings default values;
revoke all on private.missed_activity_settings from public, anon, authenticated, service_role;

/** When each person was last seen in the app (record_presence), for "is not online". */
create table private.last_seen (
  user_id uuid primary key references public.profiles (id) on delete cascade,
  seen_at timestamptz not null default now()
);

/** What was emailed to each person: when, and the newest message included. */
create table private.missed_activity_emails (
  user_id uuid primary key references public.profiles (id) on delete cascade,
  sent_at timestamptz not null,
  emailed_through timestamptz not null
);

/**
 * The app calls this while it is open (a heartbeat), so nobody gets an email about what they are
 * looking at. @example supabase.rpc('record_presence')
 */
create or replace function public.record_presence() returns void
  language sql volatile security definer set search_path = ''
as $$
  insert into private.last_seen (user_id, seen_at)
  select auth.uid(), now() where auth.uid() is not null and private.has_required_aal()
  on conflict (user_id) do update set seen_at = excluded.seen_at
$$;
revoke execute on function public.record_presence() from public, anon;
grant execute on function public.record_presence() to authenticated;

/** Mentions and DMs per person that are due for the email now (see the file's header). */
create or replace function private.missed_activity_due()
  returns table (user_id uuid, message_id uuid, created_at timestamptz)
  language sql stable security definer set search_path = ''
as $$
  with settings as (select * from private.missed_activity_settings where id)
  select p.id, m.id, m.created_at
  from settings s
  cross join public.profiles p
  join public.messages m
    on m.created_at > now() - s.lookback
   and m.created_at <= now() - s.delay
   and m.deleted_at is null
   and m.author_id <> p.id
   and (p.id = any (m.mentions)
        or exists (select 1 from public.channels c where c.id = m.channel_id and c.kind = 'direct'))
  where p.email is not null
    and coalesce((select np.email_missed from public.notification_preferences np where np.user_id = p.id), true)
    and not exists (select 1 from private.last_seen ls where ls.user_id = p.id and ls.seen_at > now() - s.online_window)
    and not exists (select 1 from private.missed_activity_emails e
                    where e.user_id = p.id and (e.sent_at > now() - s.min_gap or e.emailed_through >= m.created_at))
    and not exists (select 1 from public.read_markers r
                    where r.user_id = p.id and r.channel_id = m.channel_id and r.last_read_at >= m.created_at)
    and private.should_notify(p.id, m.id)
$$;

/**
 * For the `missed-activity-email` function (service role only): claims what is due — recording the
 * email as sent, so two runs never send it twice — and returns it, one row per message, oldest first
 * per conversation, with what the email shows.
 */
create or replace function public.claim_missed_activity()
  returns table (
    user_id uuid, email text, locale text, display_name text,
    workspace_slug text, workspace_name text, channel_id uuid, channel_name text, channel_kind text,
    message_id uuid, author_name text, body text, created_at timestamptz
  )
  language plpgsql volatile security definer set search_path = ''
as $$
#variable_conflict use_column
begin
  create temporary table if not exists pg_temp.claimed (user_id uuid, message_id uuid, created_at timestamptz)
    on commit drop;
  insert into pg_temp.claimed select * from private.missed_activity_due();
  -- Claim per person; a concurrent run that claimed first wins (its row is newer than min_gap).
  with claims as (
    insert into private.missed_activity_emails as e (user_id, sent_at, emailed_through)
    select c.user_id, now(), max(c.created_at) from pg_temp.claimed c group by c.user_id
    on conflict on constraint missed_activity_emails_pkey do update set sent_at = excluded.sent_at, emailed_through = excluded.emailed_through
      where e.sent_at <= now() - (select s.min_gap from private.missed_activity_settings s where s.id)
    returning e.user_id
  )
  delete from pg_temp.claimed c where c.user_id not in (select claims.user_id from claims);
  return query
    select p.id, p.email, coalesce(p.locale, 'en'), p.display_name,
           w.slug, w.name, ch.id, ch.name, ch.kind,
           m.id, author.display_name, left(m.body, 500), m.created_at
    from pg_temp.claimed c
    join public.profiles p on p.id = c.user_id
    join public.messages m on m.id = c.message_id
    join public.channels ch on ch.id = m.channel_id
    join public.workspaces w on w.id = ch.workspace_id
    join public.profiles author on author.id = m.author_id
    order by p.id, ch.id, m.created_at;
  drop table pg_temp.claimed;
end
$$;
revoke execute on function public.claim_missed_activity() from public, anon, authenticated;
grant execute on function public.claim_missed_activity() to service_role;

/** The email's unsubscribe link (verified by the function, service role only): no more missed-activity email. */
create or replace function public.unsubscribe_missed_activity(person uuid) returns void
  language sql volatile security definer set search_path = ''
as $$
  insert into public.notification_preferences (user_id, email_missed) values (person, false)
  on conflict (user_id) do update set email_missed = false
$$;
revoke execute on function public.unsubscribe_missed_activity(uuid) from public, anon, authenticated;
grant execute on function public.unsubscribe_missed_activity(uuid) to service_role;

revoke execute on function private.missed_activity_due() from public, anon, authenticated;

/**
 * The cron job's command: POST to the function with the service key. Hosted Supabase: Vault secrets
 * `project_url` (https://<ref>.supabase.co) and `service_role_key`, as Supabase's "Scheduling Edge
 * Functions" guide does. Without Vault (Parley Stack): private.missed_activity_settings. Neither set:
 * nothing is sent.
 */
create or replace function private.request_missed_activity_emails() returns bigint
  language plpgsql volatile security definer set search_path = ''
as $$
declare
  api_url text;
  service_key text;
begin
  if to_regclass('vault.decrypted_secrets') is not null then
    execute 'select max(decrypted_secret) filter (where name = ''project_url''),
                    max(decrypted_secret) filter (where name = ''service_role_key'')
             from vault.decrypted_secrets where name in (''project_url'', ''service_role_key'')'
      into api_url, service_key;
  end if;
  if api_url is null or service_key is null then
    select s.project_url, s.service_role_key into api_url, service_key
    from private.missed_activity_settings s where s.id;
  end if;
  if api_url is null or service_key is null then return null; end if;
  return net.http_post(
    url := rtrim(api_url, '/') || '/functions/v1/missed-activity-email',
    body := '{}'::jsonb,
    headers := jsonb_build_object('Content-Type', 'application/json', 'Authorization', 'Bearer ' || service_key),
    timeout_milliseconds := 30000
  );
end
$$;
revoke execute on function private.request_missed_activity_emails() from public, anon, authenticated;

create extension if not exists pg_cron with schema pg_catalog;
create extension if not exists pg_net with schema extensions;

select cron.schedule('parley-missed-activity-email', '* * * * *', 'select private.request_missed_activity_emails()');
