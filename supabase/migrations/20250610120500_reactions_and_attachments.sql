-- Emoji reactions and file attachments, both hanging off a message.

-- A surrogate id as primary key on purpose: realtime sends deletes to every subscriber without an
-- RLS check, carrying only the primary key, so the key must reveal nothing (not who reacted how).
create table public.reactions (
  id uuid primary key default gen_random_uuid(),
  message_id uuid not null references public.messages (id) on delete cascade,
  -- Copied from the message by a trigger: policies and realtime filters (channel_id=eq.…) use it.
  channel_id uuid not null references public.channels (id) on delete cascade,
  user_id uuid not null references public.profiles (id) on delete cascade default auth.uid(),
  -- An emoji character sequence or a :shortcode:.
  emoji text not null check (char_length(emoji) between 1 and 64 and emoji !~ '\s'),
  created_at timestamptz not null default now(),
  unique (message_id, user_id, emoji)
);
create index reactions_channel_idx on public.reactions (channel_id);

create table public.attachments (
  id uuid primary key default gen_random_uuid(),
  message_id uuid not null references public.messages (id) on delete cascade,
  workspace_id uuid not null,
  channel_id uuid not null,
  uploader_id uuid references public.profiles (id) on delete set null default auth.uid(),
  -- Object key in the `attachments` bucket: <workspace_id>/<channel_id>/<anything>.
  object_path text not null unique,
  name text not null check (char_length(name) between 1 and 255),
  size_bytes bigint not null check (size_bytes >= 0),
  mime_type text not null check (mime_type ~ '^[a-z0-9!#$&^_.+-]+/[a-z0-9!#$&^_.+-]+$'),
  -- Image dimensions, so the UI reserves space before the image loads.
  width integer check (width > 0),
  height integer check (height > 0),
  created_at timestamptz not null default now(),
  foreign key (channel_id, workspace_id) references public.channels (id, workspace_id) on delete cascade,
  check (split_part(object_path, '/', 1) = workspace_id::text and split_part(object_path, '/', 2) = channel_id::text)
);
create index attachments_message_idx on public.attachments (message_id);
create index attachments_channel_idx on public.attachments (channel_id, created_at desc);

/** Whether the caller wrote a message that is still there. */
create or replace function private.is_live_message_author(msg uuid) returns boolean
  language sql stable security definer set search_path = ''
as $$
  select exists (select 1 from public.messages m where m.id = msg and m.author_id = auth.uid() and m.deleted_at is null)
$$;
grant execute on function private.is_live_message_author(uuid) to anon, authenticated, service_role;

create or replace function private.copy_message_place() returns trigger
  language plpgsql security definer set search_path = ''
as $$
declare
  msg public.messages;
begin
  select * into msg from public.messages m where m.id = new.message_id;
  if msg.deleted_at is not null then
    raise exception 'the message was deleted' using errcode = '23514';
  end if;
  new.channel_id := msg.channel_id;
  if tg_table_name = 'attachments' then
    new.workspace_id := msg.workspace_id;
  end if;
  return new;
end
$$;

create trigger reactions_place before insert on public.reactions
  for each row execute function private.copy_message_place();
create trigger attachments_place before insert on public.attachments
  for each row execute function private.copy_message_place();

-- A deleted message takes its attachments with it (their files are removed by the app or the
-- delete-account function through the storage API).
create or replace function private.drop_deleted_message_attachments() returns trigger
  language plpgsql security definer set search_path = ''
as $$
begin
  delete from public.attachments a where a.message_id = new.id;
  return null;
end
$$;

create trigger messages_drop_attachments after update of deleted_at on public.messages
  for each row when (old.deleted_at is null and new.deleted_at is not null)
  execute function private.drop_deleted_message_attachments();

alter table public.reactions enable row level security;
alter table public.attachments enable row level security;

create policy "members see reactions where they read" on public.reactions
  for select to authenticated
  using (channel_id in (select private.readable_channel_ids()));

create policy "members react as themselves" on public.reactions
  for insert to authenticated
  with check (user_id = auth.uid() and private.can_post_in(channel_id));

create policy "members remove their reactions" on public.reactions
  for delete to authenticated
  using (user_id = auth.uid());

revoke insert, update, delete on public.reactions from anon, authenticated;
grant insert (id, message_id, emoji), delete on public.reactions to authenticated;

create policy "members see attachments where they read" on public.attachments
  for select to authenticated
  using (channel_id in (select private.readable_channel_ids()));

create policy "authors attach to their messages" on public.attachments
  for insert to authenticated
  with check (uploader_id = auth.uid() and private.is_live_message_author(message_id) and private.can_post_in(channel_id));

create policy "uploaders remove their attachments" on public.attachments
  for delete to authenticated
  using (uploader_id = auth.uid() or private.is_workspace_admin(workspace_id));

revoke insert, update, delete on public.attachments from anon, authenticated;
grant insert (id, message_id, object_path, name, size_bytes, mime_type, width, height), delete
  on public.attachments to authenticated;
