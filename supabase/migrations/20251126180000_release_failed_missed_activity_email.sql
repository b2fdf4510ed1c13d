-- A missed-activity email that fails to send is retried, not lost.
--
-- claim_missed_activity records an email as sent before the function sends it, so two runs never
-- send it twice. When the provider then refuses (Resend or the local mailbox answers an error), the
-- function now hands the claim back with release_missed_activity: the person's row goes back to
-- what it was before the claim (or away, if this was their first email), so the next run of the
-- cron job claims the same messages again. A successful send keeps its claim: still at most one
-- email per person per min_gap.

alter table private.missed_activity_emails
  -- What the row said before the latest claim, to put back when that claim is released.
  add column previous_sent_at timestamptz,
  add column previous_emailed_through timestamptz;

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
    on conflict on constraint missed_activity_emails_pkey do update
      set sent_at = excluded.sent_at, emailed_through = excluded.emailed_through,
          previous_sent_at = e.sent_at, previous_emailed_through = e.emailed_through
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

/**
 * For the `missed-activity-email` function (service role only), after the provider refused a
 * person's email: undoes the claim that returned `message_ids` for `person`, so the next run sends
 * them. Only that claim: a row claimed again since (it covers other messages) is left alone.
 * Returns whether a claim was released.
 * @example supabase.rpc('release_missed_activity', { person, message_ids })
 */
create or replace function public.release_missed_activity(person uuid, message_ids uuid[]) returns boolean
  language plpgsql volatile security definer set search_path = ''
as $$
declare
  claimed_through timestamptz;
  released integer;
begin
  if person is null or message_ids is null then return false; end if;
  select max(m.created_at) into claimed_through from public.messages m where m.id = any (message_ids);
  if claimed_through is null then return false; end if;
  delete from private.missed_activity_emails e
  where e.user_id = person and e.emailed_through = claimed_through and e.previous_sent_at is null;
  get diagnostics released = row_count;
  if released > 0 then return true; end if;
  update private.missed_activity_emails e
  set sent_at = e.previous_sent_at, emailed_through = e.previous_emailed_through,
      previous_sent_at = null, previous_emailed_through = null
  where e.user_id = person and e.emailed_through = claimed_through and e.previous_sent_at is not null;
  get diagnostics released = row_count;
  return released > 0;
end
$$;
revoke execute on function public.release_missed_activity(uuid, uuid[]) from public, anon, authenticated;
grant execute on function public.release_missed_activity(uuid, uuid[]) to service_role;
