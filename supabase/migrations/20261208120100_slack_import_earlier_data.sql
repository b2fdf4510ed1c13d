-- What earlier Slack imports left behind, brought under the rules of 20261208120000 (idempotent:
-- running it again changes nothing).
--
-- 1. Imported messages (import_key set) credited to an account become "imported from Slack:
--    <name>" without an author: they were shown as the member's own (editable by them, notifying as
--    theirs). Reactions stay with their people.
-- 2. Placeholder accounts an import made (app_metadata.placeholder, an address never confirmed,
--    never signed in) could be claimed by simply signing up with that address, which enrolled the
--    person in the workspace without an invitation. Each becomes an import_placeholders row per
--    workspace (with the channels it was in) when it had a real address, and the account goes.
update public.messages m
set imported_author_name = left(coalesce(nullif(btrim(p.display_name), ''), p.username, 'Slack'), 80),
    author_id = null
from public.profiles p
where m.import_key is not null and m.author_id = p.id;

create temporary table slack_placeholder_accounts as
select u.id, lower(u.email) as email,
       left(coalesce(nullif(btrim(p.display_name), ''), split_part(u.email, '@', 1)), 80) as display_name
from auth.users u
join public.profiles p on p.id = u.id
where coalesce((u.raw_app_meta_data ->> 'placeholder')::boolean, false)
  and u.email_confirmed_at is null
  and u.last_sign_in_at is null;

insert into public.import_placeholders (workspace_id, email, display_name, channel_ids)
select wm.workspace_id, a.email, a.display_name,
       coalesce(array_agg(c.id) filter (where c.id is not null), '{}')
from slack_placeholder_accounts a
join public.workspace_members wm on wm.user_id = a.id
left join public.channel_members cm on cm.user_id = a.id
left join public.channels c on c.id = cm.channel_id and c.workspace_id = wm.workspace_id and c.kind = 'channel'
where a.email not like '%@slack-import.invalid' and char_length(a.email) between 3 and 320
group by wm.workspace_id, a.email, a.display_name
on conflict (workspace_id, email) do nothing;

delete from auth.users u using slack_placeholder_accounts a where u.id = a.id;
drop table slack_placeholder_accounts;
