-- The channel directory: a workspace's public, named, unarchived channels with their topics and
-- member counts, and whether the caller has joined each, optionally narrowed by a search text.
-- security invoker: RLS on channels and channel_members decides, so a non-member sees nothing and
-- DMs and private channels never appear.

/**
 * Public channels of a workspace for the directory, by name. `search` (at most 100 characters)
 * keeps channels whose name or topic contains it, ignoring case; empty or null keeps all.
 * @example supabase.rpc('channel_directory', { workspace_id, search: 'design' })
 */
create or replace function public.channel_directory(workspace_id uuid, search text default null)
  returns table (id uuid, name text, topic text, member_count bigint, is_member boolean, created_at timestamptz)
  language plpgsql stable security invoker set search_path = ''
as $$
begin
  if char_length(coalesce(channel_directory.search, '')) > 100 then
    raise exception 'search is at most 100 characters' using errcode = '22023';
  end if;
  return query
    select c.id, c.name, c.topic,
           (select count(*) from public.channel_members cm where cm.channel_id = c.id),
           exists (select 1 from public.channel_members cm where cm.channel_id = c.id and cm.user_id = auth.uid()),
           c.created_at
    from public.channels c
    where c.workspace_id = channel_directory.workspace_id
      and c.kind = 'channel' and not c.is_private and c.archived_at is null
      and (coalesce(channel_directory.search, '') = ''
           or strpos(lower(c.name || ' ' || c.topic), lower(channel_directory.search)) > 0)
    order by lower(c.name), c.id;
end
$$;

revoke execute on function public.channel_directory(uuid, text) from public, anon;
grant execute on function public.channel_directory(uuid, text) to authenticated, service_role;
