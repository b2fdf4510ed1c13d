-- Messages of a channel, with one level of threads. A message is never hard-deleted by a client:
-- deleting sets deleted_at and empties the body, so threads and read positions keep their shape.
create table public.messages (
  id uuid primary key default gen_random_uuid(),
  -- Copied from the channel by a trigger (and tied to it by the foreign key below), so that search,
  -- storage paths and mention counts can filter by workspace without a join.
  workspace_id uuid not null,
  channel_id uuid not null,
  author_id uuid references public.profiles (id) on delete set null default auth.uid(),
  body text not null default '' check (char_length(body) <= 40000),
  thread_parent_id uuid,
  -- Maintained by triggers for the thread summary under a message.
  reply_count integer not null default 0,
  last_reply_at timestamptz,
  -- Profiles @mentioned in the body (members of the workspace), computed by a trigger.
  mentions uuid[] not null default '{}',
  created_at timestamptz not null default now(),
  edited_at timestamptz,
  deleted_at timestamptz,
  foreign key (channel_id, workspace_id) references public.channels (id, workspace_id) on delete cascade,
  unique (id, channel_id),
  -- A reply lives in its parent's channel.
  foreign key (thread_parent_id, channel_id) references public.messages (id, channel_id) on delete cascade
);
comment on column public.messages.mentions is 'Profiles @username-mentioned in body who belong to the workspace; drives mention badges.';

-- Channel timeline, newest first, keyset-paginated by (created_at, id): top-level messages only.
create index messages_channel_timeline_idx on public.messages (channel_id, created_at desc, id desc)
  where thread_parent_id is null;
-- Thread panel, oldest first.
create index messages_thread_idx on public.messages (thread_parent_id, created_at, id)
  where thread_parent_id is not null;
-- Mention badges: "messages mentioning me".
create index messages_mentions_idx on public.messages using gin (mentions);
-- Author filter in search and account deletion.
create index messages_author_idx on public.messages (author_id, created_at desc);

/** `@handle`s in a text that name members of the workspace. */
create or replace function private.mentioned_members(body text, ws uuid) returns uuid[]
  language sql stable security definer set search_path = ''
as $$
  select coalesce(array_agg(distinct p.id), '{}')
  from regexp_matches(body, '(?:^|[^[:alnum:]_.@-])@([[:alnum:]][[:alnum:]._-]{1,31})', 'g') as m(parts)
  join public.profiles p on p.username = rtrim(m.parts[1], '._-')::extensions.citext
  join public.workspace_members wm on wm.user_id = p.id and wm.workspace_id = ws
$$;

/** Whether the caller may post in a channel: they can read it and it is not archived. */
create or replace function private.can_post_in(ch uuid) returns boolean
  language sql stable security definer set search_path = ''
as $$
  select private.can_read_channel(ch)
     and exists (select 1 from public.channels c where c.id = ch and c.archived_at is null)
$$;

grant execute on function private.can_post_in(uuid) to anon, authenticated, service_role;

-- Roles whose writes follow the client rules below; the service role and SQL run by the
-- platform (migrations, seed, security definer triggers) may set any column.
create or replace function private.is_client() returns boolean
  language sql stable set search_path = ''
as $$ select current_user in ('anon', 'authenticated') $$;

create or replace function private.prepare_message() returns trigger
  language plpgsql set search_path = ''
as $$
declare
  parent public.messages;
begin
  if tg_op = 'INSERT' then
    new.workspace_id := private.channel_workspace(new.channel_id);
    if new.thread_parent_id is not null then
      select * into parent from public.messages m where m.id = new.thread_parent_id;
      if parent.thread_parent_id is not null then
        raise exception 'replies cannot have replies' using errcode = '23514', hint = 'Reply to the thread''s first message.';
      end if;
      if parent.deleted_at is not null and private.is_client() then
        raise exception 'cannot reply to a deleted message' using errcode = '23514';
      end if;
    end if;
    new.mentions := private.mentioned_members(new.body, new.workspace_id);
    return new;
  end if;

  -- UPDATE
  if private.is_client() then
    if old.deleted_at is not null then
      raise exception 'a deleted message cannot change' using errcode = '23514';
    end if;
    if new.body is distinct from old.body and old.author_id is distinct from auth.uid() then
      raise exception 'only the author edits a message' using errcode = '42501';
    end if;
  end if;
  if new.deleted_at is not null and old.deleted_at is null then
    new.deleted_at := now();
    new.body := '';
    new.mentions := '{}';
  elsif new.body is distinct from old.body then
    new.edited_at := now();
    new.mentions := private.mentioned_members(new.body, new.workspace_id);
  end if;
  return new;
end
$$;

create trigger messages_prepare before insert or update on public.messages
  for each row execute function private.prepare_message();

-- Thread summaries on the parent (reply count, last reply), which the replier could not update
-- under the policies, hence security definer.
create or replace function private.count_replies() returns trigger
  language plpgsql security definer set search_path = ''
as $$
begin
  if tg_op = 'INSERT' and new.thread_parent_id is not null then
    update public.messages set reply_count = reply_count + 1, last_reply_at = greatest(last_reply_at, new.created_at)
    where id = new.thread_parent_id;
  elsif tg_op = 'UPDATE' and new.thread_parent_id is not null and new.deleted_at is not null and old.deleted_at is null then
    update public.messages set reply_count = greatest(reply_count - 1, 0) where id = new.thread_parent_id;
  end if;
  return null;
end
$$;

create trigger messages_count_replies after insert or update of deleted_at on public.messages
  for each row execute function private.count_replies();

alter table public.messages enable row level security;

create policy "members read messages of channels they can read" on public.messages
  for select to authenticated
  using (channel_id in (select private.readable_channel_ids()));

create policy "members post as themselves in open channels" on public.messages
  for insert to authenticated
  with check (author_id = auth.uid() and private.can_post_in(channel_id));

-- Authors edit and soft-delete their messages; admins may soft-delete any (the trigger stops them
-- from editing someone else's words).
create policy "authors edit, admins moderate" on public.messages
  for update to authenticated
  using (
    (author_id = auth.uid() and private.can_read_channel(channel_id))
    or private.is_workspace_admin(workspace_id)
  )
  with check (
    (author_id = auth.uid() and private.can_read_channel(channel_id))
    or private.is_workspace_admin(workspace_id)
  );
-- No delete policy: clients delete by setting deleted_at.

revoke insert, update, delete on public.messages from anon, authenticated;
grant insert (id, channel_id, body, thread_parent_id) on public.messages to authenticated;
grant update (body, deleted_at) on public.messages to authenticated;
