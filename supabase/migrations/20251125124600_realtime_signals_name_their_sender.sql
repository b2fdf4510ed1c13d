-- "Is typing" and "is online" name the person the database knows, never one the client chose.
--
-- Broadcasts from a client carry whatever payload it sends, Supabase Realtime attaches no sender to
-- them, and a presence key is chosen by the client: a member could appear to type as, or light up
-- the online dot of, someone else. Both signals are now sent from the database (realtime.send)
-- with user_id = auth.uid():
--   channel:<id>:typing     send_typing(channel_id, stopped)    people who can read the channel
--   workspace:<id>:online   announce_online(workspace_id)       members of the workspace
-- On these topics the insert policy accepts only broadcast rows naming the inserting user, which a
-- client's own broadcast (authorized before any payload is known) or presence track never is.
-- Receivers take names from the people they know by that user_id; the app still uses presence on
-- `workspace:<id>` to see who left, but shows someone online only while their announcements last.

-- As in 20250610121000_realtime.sql, plus the `:online` workspace topic.
create or replace function private.can_use_realtime_topic(topic text) returns boolean
  language plpgsql stable security definer set search_path = ''
as $$
declare
  parts text[] := regexp_match(topic, '^(workspace|channel):([0-9a-fA-F-]{36})(:typing|:online)?$');
begin
  if parts is null or auth.uid() is null then
    return false;
  end if;
  if parts[3] = ':online' and parts[1] <> 'workspace' then
    return false;
  end if;
  if parts[1] = 'workspace' then
    return private.is_workspace_member(parts[2]::uuid);
  end if;
  return private.can_read_channel(parts[2]::uuid);
exception when invalid_text_representation then
  return false;
end
$$;

drop policy "members send on their workspace and channel topics" on realtime.messages;
create policy "members send on their workspace and channel topics" on realtime.messages
  for insert to authenticated
  with check (
    extension in ('broadcast', 'presence')
    and private.can_use_realtime_topic((select realtime.topic()))
    and (
      (select realtime.topic()) !~ ':(typing|online)$'
      or (extension = 'broadcast' and payload ->> 'user_id' = (select auth.uid())::text)
    )
  );

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

/**
 * Tells a workspace's members that the caller is online (the app repeats it while open).
 * @example supabase.rpc('announce_online', { workspace_id })
 */
create or replace function public.announce_online(workspace_id uuid) returns void
  language plpgsql security invoker set search_path = ''
as $$
begin
  if auth.uid() is null or not private.is_workspace_member(announce_online.workspace_id) then
    raise exception using errcode = '42501', message = 'permission denied to announce in this workspace';
  end if;
  perform realtime.send(
    jsonb_build_object('user_id', auth.uid()),
    'online',
    'workspace:' || announce_online.workspace_id || ':online',
    true
  );
end
$$;

revoke execute on function public.send_typing(uuid, boolean), public.announce_online(uuid) from public, anon;
grant execute on function public.send_typing(uuid, boolean), public.announce_online(uuid) to authenticated, service_role;
