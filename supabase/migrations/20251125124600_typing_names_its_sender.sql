-- "Is typing" names the person the database knows, never one the client chose.
--
-- Broadcasts from a client carry whatever payload it sends, and Supabase Realtime attaches no
-- sender to them, so a member could broadcast `{user_id: <someone else>}` and appear to type as
-- them. Typing now goes through send_typing(), which sends the broadcast from the database
-- (realtime.send) with user_id = auth.uid(); on the `…:typing` topics the policy accepts only rows
-- naming the inserting user, which a client's own broadcast (authorized before any payload is
-- known) never does. Receivers take the name from the workspace's member list by that user_id.

/**
 * Tells the people who can read a channel that the caller is typing in it (or stopped: sent).
 * @example supabase.rpc('send_typing', { channel_id, stopped: false })
 */
create or replace function public.send_typing(channel_id uuid, stopped boolean default false) returns void
  language plpgsql security invoker set search_path = ''
as $$
begin
  if auth.uid() is null or not private.can_read_channel(send_typing.channel_id) then
    raise exception using errcode = '42501', message = 'permission denied to type in this channel';
  end if;
  perform realtime.send(
    jsonb_build_object('user_id', auth.uid(), 'stopped', coalesce(send_typing.stopped, false)),
    'typing',
    'channel:' || send_typing.channel_id || ':typing',
    true
  );
end
$$;

revoke execute on function public.send_typing(uuid, boolean) from public, anon;
grant execute on function public.send_typing(uuid, boolean) to authenticated, service_role;

-- As 20250610121000_realtime.sql's policy, but on `…:typing` topics only a broadcast row naming the
-- inserting user is accepted: send_typing()'s. A client's own broadcast or track there is refused.
drop policy "members send on their workspace and channel topics" on realtime.messages;
create policy "members send on their workspace and channel topics" on realtime.messages
  for insert to authenticated
  with check (
    extension in ('broadcast', 'presence')
    and private.can_use_realtime_topic((select realtime.topic()))
    and (
      (select realtime.topic()) !~ ':typing$'
      or (extension = 'broadcast' and payload ->> 'user_id' = (select auth.uid())::text)
    )
  );
