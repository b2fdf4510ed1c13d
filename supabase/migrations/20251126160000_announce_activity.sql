-- Which items of a person's activity inbox are announced right away (a browser notification while
-- the app's tab is hidden, a push while no tab is open). The inbox keeps everything; announcing
-- follows the person's notification preferences at the moment of asking:
--
--   * mentions and direct messages: exactly private.should_notify (the missed-activity email's rule);
--   * replies in a followed thread: following the thread asked for them, so they are announced
--     unless the person is quiet (muted conversation, snoozed, in their quiet hours) or the
--     conversation's level (else theirs) is "nothing";
--   * reactions: never announced.

/** Whether a person is quiet for a conversation now: it is muted, or they are snoozed or in their quiet hours. */
create or replace function private.is_quiet_for(person uuid, ch uuid) returns boolean
  language sql stable security definer set search_path = ''
as $$
  select coalesce((select cp.muted from public.conversation_preferences cp
                   where cp.user_id = person and cp.channel_id = ch), false)
      or exists (
        select 1 from public.notification_preferences np
        where np.user_id = person
          and ((np.snoozed_until is not null and np.snoozed_until > now())
               or private.in_daily_window(now(), np.time_zone, np.dnd_start, np.dnd_end))
      )
$$;

/** Whether an activity item should be announced to its person now (see the file's header). */
create or replace function private.should_announce_activity(item public.activity) returns boolean
  language sql stable security definer set search_path = ''
as $$
  select case item.kind
    when 'mention' then private.should_notify(item.user_id, item.message_id)
    when 'direct_message' then private.should_notify(item.user_id, item.message_id)
    when 'thread_reply' then
      exists (select 1 from public.messages m where m.id = item.message_id and m.deleted_at is null)
      and private.user_can_read_channel(item.user_id, item.channel_id)
      and not private.is_quiet_for(item.user_id, item.channel_id)
      and coalesce((select cp.notify_on from public.conversation_preferences cp
                    where cp.user_id = item.user_id and cp.channel_id = item.channel_id),
                   (select np.notify_on from public.notification_preferences np where np.user_id = item.user_id),
                   'mentions') <> 'nothing'
    else false
  end
$$;

/**
 * Whether the caller should be told now about an unread item of their own inbox. False for anyone
 * else's item, a read or unknown one, and before the second step of a two-step sign-in.
 *
 * @example supabase.rpc('should_announce_activity', { activity_id })
 */
create or replace function public.should_announce_activity(activity_id uuid) returns boolean
  language sql stable security definer set search_path = ''
as $$
  select coalesce((
    select private.should_announce_activity(a)
    from public.activity a
    where a.id = should_announce_activity.activity_id
      and a.user_id = auth.uid()
      and a.read_at is null
      and private.has_required_aal()
  ), false)
$$;

revoke execute on function private.is_quiet_for(uuid, uuid), private.should_announce_activity(public.activity)
  from public, anon, authenticated;
grant execute on function private.is_quiet_for(uuid, uuid), private.should_announce_activity(public.activity)
  to service_role;
revoke execute on function public.should_announce_activity(uuid) from public, anon;
grant execute on function public.should_announce_activity(uuid) to authenticated, service_role;
