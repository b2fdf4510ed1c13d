-- Mentions that survive renames, and @channel / @here that admins may restrict per channel.
--
--   * The composer's autocomplete writes `<@user-id>` for a person: a token that names the profile
--     by its id, so renaming someone never breaks an old message, and the web renders it with the
--     person's current name. `@username` typed by hand still works (resolved when written).
--     Either way only members of the workspace end up in messages.mentions.
--   * `@channel` and `@here` notify the channel (messages.broadcast_mention records which one).
--     channels.broadcast_mentions says who may use them: 'members' (anyone who may post) or
--     'admins' (workspace admins only). Only a workspace admin changes that setting. Both rules
--     are enforced here, whatever client writes the row.

-- Person tokens -------------------------------------------------------------------------------------

/** Profiles mentioned in a text — `<@user-id>` tokens and `@handle`s — who belong to the workspace. */
create or replace function private.mentioned_members(body text, ws uuid) returns uuid[]
  language sql stable security definer set search_path = ''
as $$
  with named as (
    select p.id
    from regexp_matches(body, '(?:^|[^[:alnum:]_.@-])@([[:alnum:]][[:alnum:]._-]{1,31})', 'g') as m(parts)
    join public.profiles p on p.username = rtrim(m.parts[1], '._-')::extensions.citext
    union
    select t.parts[1]::uuid
    from regexp_matches(body, '<@([0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12})>', 'g')
      as t(parts)
  )
  select coalesce(array_agg(distinct n.id), '{}')
  from named n
  join public.workspace_members wm on wm.user_id = n.id and wm.workspace_id = ws
$$;

-- Channel-wide mentions -----------------------------------------------------------------------------

alter table public.channels
  add column broadcast_mentions text not null default 'members' check (broadcast_mentions in ('members', 'admins'));
comment on column public.channels.broadcast_mentions is
  'Who may write @channel and @here: members (anyone who may post) or admins (workspace admins).';
grant update (broadcast_mentions) on public.channels to authenticated;

alter table public.messages
  add column broadcast_mention text check (broadcast_mention in ('channel', 'here'));
comment on column public.messages.broadcast_mention is
  'channel or here when the body says @channel / @here (computed by a trigger); null otherwise.';

/** `channel` or `here` when a text says @channel or @here (the first of them), else null. */
create or replace function private.broadcast_mention_in(body text) returns text
  language sql immutable set search_path = ''
as $$
  select lower(m[1]) from regexp_match(body, '(?:^|[^[:alnum:]_.@-])@(channel|here)(?![[:alnum:]_-])', 'i') as m
$$;

create or replace function private.guard_broadcast_mentions_setting() returns trigger
  language plpgsql set search_path = ''
as $$
begin
  if new.broadcast_mentions is distinct from old.broadcast_mentions
     and private.is_client() and not private.is_workspace_admin(new.workspace_id) then
    raise exception 'only workspace admins decide who may use @channel and @here' using errcode = '42501';
  end if;
  return new;
end
$$;

create trigger channels_guard_broadcast_mentions before update of broadcast_mentions on public.channels
  for each row execute function private.guard_broadcast_mentions_setting();

-- Runs after messages_prepare (triggers fire in name order), on the body it settled on.
create or replace function private.restrict_broadcast_mentions() returns trigger
  language plpgsql set search_path = ''
as $$
begin
  new.broadcast_mention := case when new.deleted_at is null then private.broadcast_mention_in(new.body) end;
  if new.broadcast_mention is not null
     and (tg_op = 'INSERT' or new.body is distinct from old.body)
     and private.is_client()
     and not private.is_workspace_admin(new.workspace_id)
     and exists (select 1 from public.channels c where c.id = new.channel_id and c.broadcast_mentions = 'admins') then
    raise exception 'only workspace admins may use @% in this channel', new.broadcast_mention
      using errcode = '42501', hint = 'An admin restricted @channel and @here here.';
  end if;
  return new;
end
$$;

create trigger messages_restrict_broadcast_mentions before insert or update of body, deleted_at on public.messages
  for each row execute function private.restrict_broadcast_mentions();
