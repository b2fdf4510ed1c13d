-- Where a person lands: the conversation they had open last, kept per person in the database so it
-- follows them across devices. Opening a conversation writes it (an upsert on user_id); signing in
-- and the app's root read it.
--
-- One row per person. The row is theirs alone: nobody else may read where they were, and they may
-- only point it at a conversation they can read (private.can_read_channel), so the row never names a
-- channel they could not open. Leaving a channel does not clear the row; reading it through the
-- channels table (RLS) shows nothing then, and the app falls back to another conversation.
create table public.last_conversations (
  user_id uuid primary key references public.profiles (id) on delete cascade default auth.uid(),
  channel_id uuid not null references public.channels (id) on delete cascade,
  opened_at timestamptz not null default now()
);

create index last_conversations_channel_id_idx on public.last_conversations (channel_id);

alter table public.last_conversations enable row level security;

create policy "people see where they were" on public.last_conversations
  for select to authenticated
  using (user_id = (select auth.uid()));

create policy "people note a conversation they read" on public.last_conversations
  for insert to authenticated
  with check (user_id = (select auth.uid()) and private.can_read_channel(channel_id));

create policy "people move their note to a conversation they read" on public.last_conversations
  for update to authenticated
  using (user_id = (select auth.uid()))
  with check (user_id = (select auth.uid()) and private.can_read_channel(channel_id));

create policy "people drop their note" on public.last_conversations
  for delete to authenticated
  using (user_id = (select auth.uid()));

-- As on every table in public: a person with a second factor needs an aal2 session.
create policy "two-step sign-in needs aal2" on public.last_conversations
  as restrictive for all to authenticated
  using ((select private.has_required_aal()))
  with check ((select private.has_required_aal()));

revoke insert, update on public.last_conversations from anon, authenticated;
-- An upsert (PostgREST's merge-duplicates) sets every column it sends, user_id included; the
-- policies keep user_id the caller's own.
grant insert (user_id, channel_id, opened_at), update (user_id, channel_id, opened_at)
  on public.last_conversations to authenticated;
