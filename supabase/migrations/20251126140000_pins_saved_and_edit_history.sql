-- Pinned messages (per conversation), saved items (per person) and the earlier versions of an
-- edited message. Each row names the channel of its message, copied by a trigger and tied to the
-- message by a foreign key on (message_id, channel_id), so policies decide access by the channel
-- exactly as they do for the message itself:
--
--   * message_pins:     whoever can read the conversation sees its pins; whoever can post in it
--                       pins and unpins (a workspace admin outside a private channel or a DM can
--                       do neither, and sees nothing);
--   * saved_messages:   private to the person who saved; a saved message they can no longer read
--                       (they left the private channel) is no longer shown to them;
--   * message_edits:    written only by the trigger below when an author changes a body; readable
--                       by whoever can read the message; removed with the words when the message
--                       is soft-deleted, as are its pins.
--
-- None of these tables is in the realtime publication: the screens fetch them when opened.

/** Copies the channel of the row's message onto the row. Runs as the caller, so a message they
 *  cannot read is "not found", exactly like one that does not exist. */
create or replace function private.take_message_channel() returns trigger
  language plpgsql set search_path = ''
as $$
declare
  found public.messages;
begin
  select * into found from public.messages m where m.id = new.message_id;
  if found.id is null then
    raise exception 'message not found' using errcode = '23503';
  end if;
  if found.deleted_at is not null then
    raise exception 'a deleted message cannot be pinned or saved' using errcode = '23514';
  end if;
  new.channel_id := found.channel_id;
  return new;
end
$$;

-- Pins -------------------------------------------------------------------------------------------
create table public.message_pins (
  message_id uuid primary key,
  channel_id uuid not null,
  pinned_by uuid references public.profiles (id) on delete set null default auth.uid(),
  pinned_at timestamptz not null default now(),
  foreign key (message_id, channel_id) references public.messages (id, channel_id) on delete cascade
);
comment on table public.message_pins is 'Messages pinned to their conversation; listed in the conversation header.';
create index message_pins_channel_idx on public.message_pins (channel_id, pinned_at desc);

create trigger message_pins_take_channel before insert on public.message_pins
  for each row execute function private.take_message_channel();

alter table public.message_pins enable row level security;
revoke update on public.message_pins from anon, authenticated;

create policy "members see the pins of conversations they can read" on public.message_pins
  for select to authenticated
  using (channel_id in (select private.readable_channel_ids()));

create policy "members pin in conversations they can post in" on public.message_pins
  for insert to authenticated
  with check (pinned_by = auth.uid() and private.can_post_in(channel_id));

create policy "members unpin in conversations they can post in" on public.message_pins
  for delete to authenticated
  using (private.can_post_in(channel_id));

create policy "two-step sign-in needs aal2" on public.message_pins
  as restrictive for all to authenticated
  using ((select private.has_required_aal()))
  with check ((select private.has_required_aal()));

-- Saved items --------------------------------------------------------------------------------------
create table public.saved_messages (
  user_id uuid not null references public.profiles (id) on delete cascade default auth.uid(),
  message_id uuid not null,
  channel_id uuid not null,
  saved_at timestamptz not null default now(),
  primary key (user_id, message_id),
  foreign key (message_id, channel_id) references public.messages (id, channel_id) on delete cascade
);
comment on table public.saved_messages is 'Messages a person keeps for later; private to that person.';
create index saved_messages_user_idx on public.saved_messages (user_id, saved_at desc);

create trigger saved_messages_take_channel before insert on public.saved_messages
  for each row execute function private.take_message_channel();

alter table public.saved_messages enable row level security;
revoke update on public.saved_messages from anon, authenticated;

create policy "people see what they saved and can still read" on public.saved_messages
  for select to authenticated
  using (user_id = auth.uid() and channel_id in (select private.readable_channel_ids()));

create policy "people save messages they can read" on public.saved_messages
  for insert to authenticated
  with check (user_id = auth.uid() and private.can_read_channel(channel_id));

create policy "people remove what they saved" on public.saved_messages
  for delete to authenticated
  using (user_id = auth.uid());

create policy "two-step sign-in needs aal2" on public.saved_messages
  as restrictive for all to authenticated
  using ((select private.has_required_aal()))
  with check ((select private.has_required_aal()));

-- Edit history ------------------------------------------------------------------------------------
create table public.message_edits (
  id uuid primary key default gen_random_uuid(),
  message_id uuid not null,
  channel_id uuid not null,
  -- The words as they were before this edit, and when they were written.
  body text not null,
  written_at timestamptz not null,
  replaced_at timestamptz not null default now(),
  foreign key (message_id, channel_id) references public.messages (id, channel_id) on delete cascade
);
comment on table public.message_edits is 'Earlier versions of edited messages, kept by a trigger; read like the message.';
create index message_edits_message_idx on public.message_edits (message_id, replaced_at);

alter table public.message_edits enable row level security;
revoke insert, update, delete on public.message_edits from anon, authenticated;

create policy "members read the history of messages they can read" on public.message_edits
  for select to authenticated
  using (channel_id in (select private.readable_channel_ids()));

create policy "two-step sign-in needs aal2" on public.message_edits
  as restrictive for all to authenticated
  using ((select private.has_required_aal()))
  with check ((select private.has_required_aal()));

-- Keeps the earlier body of an edited message; forgets history and pins of a deleted one. Runs as
-- the owner because clients may not write message_edits, nor remove others' pins.
create or replace function private.keep_message_history() returns trigger
  language plpgsql security definer set search_path = ''
as $$
begin
  if new.deleted_at is not null and old.deleted_at is null then
    delete from public.message_edits e where e.message_id = new.id;
    delete from public.message_pins p where p.message_id = new.id;
  elsif new.body is distinct from old.body then
    insert into public.message_edits (message_id, channel_id, body, written_at)
    values (old.id, old.channel_id, old.body, coalesce(old.edited_at, old.created_at));
  end if;
  return null;
end
$$;

create trigger messages_keep_history after update of body, deleted_at on public.messages
  for each row execute function private.keep_message_history();
