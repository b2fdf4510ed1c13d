-- Realtime for the chat UI.
--
-- Postgres changes: the tables whose changes the open screens apply to their cache. Realtime checks
-- RLS per subscriber for inserts and updates, so private channels stay private.
alter publication supabase_realtime add table
  public.messages, public.reactions, public.attachments, public.channels, public.channel_members,
  public.workspace_members, public.read_markers, public.profiles;

-- FULL replica identity so DELETE events still match a subscription filtered by channel or
-- workspace (channel_id=eq.…): the filter is evaluated on the old row, which DEFAULT identity
-- reduces to the primary key. (Realtime sends only the key to clients of RLS tables anyway, and
-- deletes skip RLS, which is why reactions have a meaningless surrogate key.)
alter table public.messages replica identity full;
alter table public.reactions replica identity full;
alter table public.attachments replica identity full;
alter table public.channel_members replica identity full;
alter table public.workspace_members replica identity full;

-- Broadcast and presence on private channels (supabase.channel(topic, { config: { private: true } })):
--   workspace:<id>          presence of online members, workspace-wide broadcasts
--   workspace:<id>:typing   "is typing" in any channel of the workspace
--   channel:<id>            broadcasts about one channel
--   channel:<id>:typing     "is typing" in one channel
-- A workspace topic needs membership of the workspace; a channel topic needs read access to the
-- channel (so a private channel's typing never reaches non-members).
create or replace function private.can_use_realtime_topic(topic text) returns boolean
  language plpgsql stable security definer set search_path = ''
as $$
declare
  parts text[] := regexp_match(topic, '^(workspace|channel):([0-9a-fA-F-]{36})(:typing)?$');
begin
  if parts is null or auth.uid() is null then
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
grant execute on function private.can_use_realtime_topic(text) to anon, authenticated, service_role;

create policy "members receive their workspace and channel topics" on realtime.messages
  for select to authenticated
  using (
    extension in ('broadcast', 'presence')
    and private.can_use_realtime_topic((select realtime.topic()))
  );

create policy "members send on their workspace and channel topics" on realtime.messages
  for insert to authenticated
  with check (
    extension in ('broadcast', 'presence')
    and private.can_use_realtime_topic((select realtime.topic()))
  );
