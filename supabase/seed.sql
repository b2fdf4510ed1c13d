-- Demo data for local runs. Runs on first start and on `parley-stack db reset`.
--
-- Demo accounts (all email-confirmed; password for every one: parley-demo):
--   ada@parley.test     Ada Lovelace    owner of "Parley Demo"   (English)
--   jonas@parley.test   Jonas Weber     admin                    (Deutsch)
--   camille@parley.test Camille Martin  member                   (Français)
--   lucia@parley.test   Lucía García    member                   (Español)
--   yuki@parley.test    田中 由紀        member                   (日本語)
--   layla@parley.test   ليلى حداد        member                   (العربية)
-- Workspace "Parley Demo" (/w/demo): #general, #random, #engineering, #design, #announcements
-- (archived: #old-launch) and the private #leadership (Ada, Jonas, Layla); DMs Ada–Jonas,
-- Camille–Lucía, Yuki–Layla and a group DM of Ada, Yuki and Layla.
-- An open invitation for newcomer@parley.test has the token `demo-invite-token`.
--
-- The history is generated relative to now() so the workspace always looks alive.

select setseed(0.4242);

-- Users ---------------------------------------------------------------------------------------------
-- Inserted the way the auth service stores them (bcrypt hash, confirmed email, empty token
-- strings rather than nulls, an email identity), so password sign-in works here and on hosted.
-- They share one password, so it is hashed once: each bcrypt hash at cost 10 takes PostgreSQL
-- about 60 ms, and six of them were a tenth of a first start.
with demo_password as materialized (
  select extensions.crypt('parley-demo', extensions.gen_salt('bf', 10)) as hash
),
demo(id, email, display_name, username, locale) as (
  values
    ('a0000000-0000-4000-8000-000000000001'::uuid, 'ada@parley.test', 'Ada Lovelace', 'ada', 'en'),
    ('a0000000-0000-4000-8000-000000000002'::uuid, 'jonas@parley.test', 'Jonas Weber', 'jonas', 'de'),
    ('a0000000-0000-4000-8000-000000000003'::uuid, 'camille@parley.test', 'Camille Martin', 'camille', 'fr'),
    ('a0000000-0000-4000-8000-000000000004'::uuid, 'lucia@parley.test', 'Lucía García', 'lucia', 'es'),
    ('a0000000-0000-4000-8000-000000000005'::uuid, 'yuki@parley.test', '田中 由紀', 'yuki', 'ja'),
    ('a0000000-0000-4000-8000-000000000006'::uuid, 'layla@parley.test', 'ليلى حداد', 'layla', 'ar')
),
users as (
  insert into auth.users (
    instance_id, id, aud, role, email, encrypted_password, email_confirmed_at,
    raw_app_meta_data, raw_user_meta_data, created_at, updated_at, last_sign_in_at,
    confirmation_token, recovery_token, email_change_token_new, email_change, email_change_token_current,
    phone_change, phone_change_token, reauthentication_token, is_sso_user, is_anonymous
  )
  select '00000000-0000-0000-0000-000000000000', id, 'authenticated', 'authenticated', email,
         demo_password.hash, now() - interval '30 days',
         '{"provider": "email", "providers": ["email"]}',
         jsonb_build_object('display_name', display_name, 'username', username, 'locale', locale),
         now() - interval '30 days', now() - interval '30 days', now() - interval '1 day',
         '', '', '', '', '', '', '', '', false, false
  from demo, demo_password
  returning id, email
)
insert into auth.identities (provider_id, user_id, identity_data, provider, last_sign_in_at, created_at, updated_at)
select id::text, id, jsonb_build_object('sub', id::text, 'email', email, 'email_verified', true, 'phone_verified', false),
       'email', now() - interval '1 day', now() - interval '30 days', now() - interval '30 days'
from users;

-- Workspace, members, channels ----------------------------------------------------------------------
-- Inserting the workspace makes Ada its owner and creates #general (triggers).
insert into public.workspaces (id, name, slug, created_by, created_at)
values ('b0000000-0000-4000-8000-000000000001', 'Parley Demo', 'demo', 'a0000000-0000-4000-8000-000000000001', now() - interval '30 days');

update public.workspace_members set joined_at = now() - interval '30 days'
where workspace_id = 'b0000000-0000-4000-8000-000000000001';

insert into public.workspace_members (workspace_id, user_id, role, joined_at) values
  ('b0000000-0000-4000-8000-000000000001', 'a0000000-0000-4000-8000-000000000002', 'admin', now() - interval '29 days'),
  ('b0000000-0000-4000-8000-000000000001', 'a0000000-0000-4000-8000-000000000003', 'member', now() - interval '28 days'),
  ('b0000000-0000-4000-8000-000000000001', 'a0000000-0000-4000-8000-000000000004', 'member', now() - interval '28 days'),
  ('b0000000-0000-4000-8000-000000000001', 'a0000000-0000-4000-8000-000000000005', 'member', now() - interval '27 days'),
  ('b0000000-0000-4000-8000-000000000001', 'a0000000-0000-4000-8000-000000000006', 'member', now() - interval '27 days');

update public.channels set topic = 'Company-wide chatter · Allgemeines · 全体連絡 · عام', created_at = now() - interval '30 days'
where workspace_id = 'b0000000-0000-4000-8000-000000000001' and name = 'general';

insert into public.channels (id, workspace_id, name, topic, is_private, archived_at, created_by, created_at) values
  ('c0000000-0000-4000-8000-000000000002', 'b0000000-0000-4000-8000-000000000001', 'random', 'Coffee, cats and weekend plans', false, null, 'a0000000-0000-4000-8000-000000000001', now() - interval '30 days'),
  ('c0000000-0000-4000-8000-000000000003', 'b0000000-0000-4000-8000-000000000001', 'engineering', 'Builds, deploys and the database', false, null, 'a0000000-0000-4000-8000-000000000002', now() - interval '29 days'),
  ('c0000000-0000-4000-8000-000000000004', 'b0000000-0000-4000-8000-000000000001', 'design', 'Screens, colours, right-to-left layouts', false, null, 'a0000000-0000-4000-8000-000000000003', now() - interval '28 days'),
  ('c0000000-0000-4000-8000-000000000005', 'b0000000-0000-4000-8000-000000000001', 'announcements', 'Read-mostly: releases and news', false, null, 'a0000000-0000-4000-8000-000000000001', now() - interval '30 days'),
  ('c0000000-0000-4000-8000-000000000006', 'b0000000-0000-4000-8000-000000000001', 'leadership', 'Hiring, budget, roadmap (private)', true, null, 'a0000000-0000-4000-8000-000000000001', now() - interval '30 days'),
  ('c0000000-0000-4000-8000-000000000007', 'b0000000-0000-4000-8000-000000000001', 'old-launch', 'The 1.0 launch (archived)', false, now() - interval '20 days', 'a0000000-0000-4000-8000-000000000001', now() - interval '30 days');

-- Ada is in #leadership as its creator (trigger); Jonas and Layla join her.
insert into public.channel_members (channel_id, user_id, added_by) values
  ('c0000000-0000-4000-8000-000000000006', 'a0000000-0000-4000-8000-000000000002', 'a0000000-0000-4000-8000-000000000001'),
  ('c0000000-0000-4000-8000-000000000006', 'a0000000-0000-4000-8000-000000000006', 'a0000000-0000-4000-8000-000000000001');

-- History ---------------------------------------------------------------------------------------------
-- Lines per language; each author writes in their own language. A few words recur on purpose so
-- search has something to find in every script: meeting / Besprechung / réunion / reunión / 会議 / اجتماع.
create temporary table demo_lines (locale text, n int, body text) on commit drop;
insert into demo_lines (locale, n, body)
select locale, row_number() over (partition by locale order by ord), body
from (values
  ('en', 1, 'Good morning everyone! Coffee is ready in the kitchen ☕'),
  ('en', 2, 'The release notes for 1.4 are up, please have a look before the meeting.'),
  ('en', 3, 'Can someone review my pull request? It fixes the unread badge on mobile.'),
  ('en', 4, 'Reminder: the weekly planning meeting moves to Thursday at 10:00.'),
  ('en', 5, 'I pushed the new onboarding screens to staging.'),
  ('en', 6, 'Lunch at the Thai place today? @jonas @camille'),
  ('en', 7, 'Search now finds words in Japanese and Arabic too. Try it!'),
  ('en', 8, 'The database migration ran without errors on the staging cluster.'),
  ('en', 9, 'Thanks for the quick fix, that bug was driving me crazy.'),
  ('en', 10, 'Customer feedback from the demo was very positive.'),
  ('en', 11, 'Does anyone have the slides from yesterday''s meeting?'),
  ('en', 12, 'Heads-up: I will be offline on Friday afternoon.'),
  ('de', 1, 'Guten Morgen zusammen! Wer kommt heute ins Büro?'),
  ('de', 2, 'Die Besprechung mit dem Kunden ist auf Mittwoch verschoben.'),
  ('de', 3, 'Ich habe die Datenbank-Indizes für die Suche überarbeitet.'),
  ('de', 4, 'Kann jemand die Übersetzungen für die Einstellungen prüfen?'),
  ('de', 5, 'Der Build ist wieder grün, danke für die schnelle Hilfe!'),
  ('de', 6, 'Wir brauchen noch eine Lösung für die Straßenadressen mit Umlauten.'),
  ('de', 7, 'Die Katzen meiner Nachbarin sitzen schon wieder auf meinem Balkon.'),
  ('de', 8, 'Kurze Frage: nutzen wir für die Benachrichtigungen WebSockets oder Polling?'),
  ('de', 9, 'Die Besprechung heute war sehr produktiv, Protokoll folgt.'),
  ('de', 10, 'Ich schaue mir den Fehler beim Hochladen der Bilder an. @ada'),
  ('fr', 1, 'Bonjour à tous ! La réunion de ce matin est décalée à 11 h.'),
  ('fr', 2, 'J''ai mis à jour les maquettes de la page de recherche.'),
  ('fr', 3, 'Les couleurs du thème sombre sont beaucoup plus lisibles maintenant.'),
  ('fr', 4, 'Quelqu''un a testé l''application en arabe, de droite à gauche ?'),
  ('fr', 5, 'Merci pour vos retours, je corrige les marges cet après-midi.'),
  ('fr', 6, 'Petit rappel : la réunion d''équipe est jeudi.'),
  ('fr', 7, 'Les icônes des pièces jointes sont prêtes. @lucia'),
  ('fr', 8, 'Bon week-end à tous, à lundi !'),
  ('es', 1, '¡Buenos días! ¿Alguien ha visto las nuevas pantallas?'),
  ('es', 2, 'La reunión con el equipo de soporte fue muy útil.'),
  ('es', 3, 'He traducido todos los textos de las invitaciones al español.'),
  ('es', 4, 'Los usuarios piden poder buscar mensajes antiguos más rápido.'),
  ('es', 5, '¿Quién puede revisar la documentación de la API?'),
  ('es', 6, 'Gracias a todos por la ayuda con el lanzamiento.'),
  ('es', 7, 'Mañana tengo una reunión con un cliente nuevo. @ada'),
  ('es', 8, 'Las notificaciones ya funcionan en el móvil.'),
  ('ja', 1, 'おはようございます！今日もよろしくお願いします。'),
  ('ja', 2, '明日の会議は東京オフィスで十時から始まります。'),
  ('ja', 3, '検索機能で日本語の単語が見つかるようになりました。'),
  ('ja', 4, 'デザインの新しい画面を確認しました。とても見やすいです。'),
  ('ja', 5, 'データベースのバックアップは毎晩自動で取られています。'),
  ('ja', 6, '会議の議事録を共有フォルダに置きました。'),
  ('ja', 7, '週末は京都に行ってきます。お土産を買ってきますね。'),
  ('ja', 8, '翻訳のレビューをお願いできますか？ @camille'),
  ('ja', 9, 'ビルドが失敗しています。原因を調べています。'),
  ('ja', 10, '新しいメンバーの招待メールを送りました。'),
  ('ar', 1, 'صباح الخير جميعاً! أتمنى لكم يوماً سعيداً.'),
  ('ar', 2, 'اجتماع الفريق غداً في الساعة العاشرة صباحاً.'),
  ('ar', 3, 'راجعت الترجمة العربية للواجهة، كل شيء يظهر من اليمين إلى اليسار.'),
  ('ar', 4, 'هل يمكن لأحد مراجعة التصميم الجديد لصفحة البحث؟'),
  ('ar', 5, 'شكراً على المساعدة في إصلاح المشكلة.'),
  ('ar', 6, 'أرسلت محضر الاجتماع إلى الجميع.'),
  ('ar', 7, 'الكتاب الذي أوصيتم به مفيد جداً للفريق.'),
  ('ar', 8, 'سأكون في إجازة يوم الخميس. @jonas')
) as lines(locale, ord, body);

-- Top-level messages: one every ~50 minutes over the last two weeks, most recent a few minutes ago,
-- in the public channels (weighted towards #general) and a few in #leadership.
do $history$
declare
  ws constant uuid := 'b0000000-0000-4000-8000-000000000001';
  public_channels constant uuid[] := array[
    'c0000000-0000-4000-8000-000000000002', 'c0000000-0000-4000-8000-000000000003',
    'c0000000-0000-4000-8000-000000000004', 'c0000000-0000-4000-8000-000000000005']::uuid[];
  general uuid;
  leadership constant uuid := 'c0000000-0000-4000-8000-000000000006';
  leaders constant uuid[] := array['a0000000-0000-4000-8000-000000000001', 'a0000000-0000-4000-8000-000000000002',
                                   'a0000000-0000-4000-8000-000000000006']::uuid[];
  total constant int := 320;
  author record;
  channel uuid;
  line text;
  at timestamptz;
  parent uuid;
  reply_author record;
begin
  select id into general from public.channels where workspace_id = ws and name = 'general';
  for i in 1..total loop
    at := now() - (total - i) * interval '50 minutes' - interval '3 minutes' - (i % 7) * interval '1 minute';
    if i % 23 = 0 then
      channel := leadership;
      select p.id, p.locale into author from public.profiles p where p.id = leaders[1 + (i / 23) % 3];
    else
      channel := case when i % 3 = 0 then public_channels[1 + (i / 3) % 4] else general end;
      select p.id, p.locale into author from public.profiles p
      join public.workspace_members wm on wm.user_id = p.id and wm.workspace_id = ws
      order by p.username offset (i * 7) % 6 limit 1;
    end if;
    select body into line from demo_lines
    where locale = author.locale and n = 1 + (i * 5) % (select count(*) from demo_lines where locale = author.locale);
    insert into public.messages (workspace_id, channel_id, author_id, body, created_at, edited_at)
    values (ws, channel, author.id, line, at, case when i % 17 = 0 then at + interval '4 minutes' end)
    returning id into parent;

    -- Every eleventh message starts a thread of one to four replies.
    if i % 11 = 0 and i < total - 2 then
      for r in 1..(1 + i % 4) loop
        select p.id, p.locale into reply_author from public.profiles p
        where (channel <> leadership or p.id = any (leaders))
          and exists (select 1 from public.workspace_members wm where wm.user_id = p.id and wm.workspace_id = ws)
        order by p.username offset (i + r * 5) % (case when channel = leadership then 3 else 6 end) limit 1;
        select body into line from demo_lines
        where locale = reply_author.locale and n = 1 + (i + r * 3) % (select count(*) from demo_lines where locale = reply_author.locale);
        insert into public.messages (workspace_id, channel_id, author_id, body, thread_parent_id, created_at)
        values (ws, channel, reply_author.id, line, parent, at + r * interval '6 minutes');
      end loop;
    end if;
  end loop;

  -- Two deleted messages, as tombstones.
  update public.messages set deleted_at = created_at + interval '1 minute'
  where id in (select id from public.messages where channel_id = general and thread_parent_id is null order by created_at limit 2 offset 40);
end
$history$;

-- The 1.0 launch, archived with a little history.
insert into public.messages (workspace_id, channel_id, author_id, body, created_at)
values
  ('b0000000-0000-4000-8000-000000000001', 'c0000000-0000-4000-8000-000000000007', 'a0000000-0000-4000-8000-000000000001', 'Parley 1.0 is live! 🚀', now() - interval '21 days'),
  ('b0000000-0000-4000-8000-000000000001', 'c0000000-0000-4000-8000-000000000007', 'a0000000-0000-4000-8000-000000000002', 'Glückwunsch an alle!', now() - interval '21 days' + interval '5 minutes');

-- Formatting showcase -------------------------------------------------------------------------------
-- A few recent messages with Markdown (code blocks, lists, quotes), each in its author's language,
-- so a new user sees formatting at once. #engineering unless noted; inside the unread window.
insert into public.messages (workspace_id, channel_id, author_id, body, created_at)
values
  ('b0000000-0000-4000-8000-000000000001', 'c0000000-0000-4000-8000-000000000003', 'a0000000-0000-4000-8000-000000000002',
   $md$Der Index für die Zeitleiste, zum Nachlesen:

```sql
create index messages_channel_timeline_idx
  on public.messages (channel_id, created_at desc, id desc);
```

Damit bleibt das Nachladen älterer Seiten **schnell**, auch bei 100 000 Nachrichten.$md$,
   now() - interval '2 hours 20 minutes'),
  ('b0000000-0000-4000-8000-000000000001', 'c0000000-0000-4000-8000-000000000003', 'a0000000-0000-4000-8000-000000000001',
   $md$Release checklist for Friday :rocket:

1. Run `npm test` on a clean checkout
2. Tag the release and push the tag
3. Post the notes in #announcements

> Ship small, ship often.$md$,
   now() - interval '2 hours 5 minutes'),
  ('b0000000-0000-4000-8000-000000000001', 'c0000000-0000-4000-8000-000000000003', 'a0000000-0000-4000-8000-000000000005',
   $md$型チェックの例です:

```ts
export function greet(name: string): string {
  return `こんにちは、${name}さん`;
}
```$md$,
   now() - interval '1 hour 40 minutes'),
  ('b0000000-0000-4000-8000-000000000001', 'c0000000-0000-4000-8000-000000000004', 'a0000000-0000-4000-8000-000000000006',
   $md$ملاحظات مراجعة التصميم:

- استخدام خصائص CSS المنطقية (`margin-inline-start`)
- ~~أيقونات مقلوبة~~ تم الإصلاح
- الشيفرة تبقى من اليسار إلى اليمين

```css
.sidebar { inset-inline-start: 0; }
```$md$,
   now() - interval '1 hour 25 minutes'),
  ('b0000000-0000-4000-8000-000000000001', 'c0000000-0000-4000-8000-000000000003', 'a0000000-0000-4000-8000-000000000003',
   $md$Pour relancer la pile en local :

```bash
npm ci
npm start
```

*Astuce* : la documentation est sur https://supabase.com/docs :tada:$md$,
   now() - interval '1 hour 10 minutes');

-- Reactions: on about a third of the messages, from one to three people.
insert into public.reactions (message_id, channel_id, user_id, emoji, created_at)
select m.id, m.channel_id, p.id, (array['👍', '🎉', '❤️', '😂', '👀', '🙏'])[1 + (abs(hashtext(m.id::text || p.id::text)) % 6)],
       m.created_at + interval '2 minutes'
from public.messages m
join public.profiles p on abs(hashtext(m.id::text || p.id::text)) % 5 = 0
where m.deleted_at is null
  and (m.channel_id <> 'c0000000-0000-4000-8000-000000000006'
       or p.id in ('a0000000-0000-4000-8000-000000000001', 'a0000000-0000-4000-8000-000000000002', 'a0000000-0000-4000-8000-000000000006'))
on conflict do nothing;

-- Direct messages -------------------------------------------------------------------------------------
-- DMs and a group DM between the demo users, each person writing in their own language. A DM is a
-- private channel of kind 'direct' keyed by its sorted member set (the app opens them through
-- open_direct_conversation; the seed writes them directly). Their names are placeholders: the app
-- shows the other people's names. The last messages are recent, so the read markers below leave
-- them unread.
insert into public.channels (id, workspace_id, name, is_private, kind, direct_member_ids, created_by, created_at)
select dm.id, 'b0000000-0000-4000-8000-000000000001', 'dm-' || replace(dm.id::text, '-', ''), true, 'direct',
       (select array_agg(person order by person) from unnest(dm.people) as person), dm.people[1], now() - interval '10 days'
from (values
  ('d0000000-0000-4000-8000-000000000001'::uuid, array['a0000000-0000-4000-8000-000000000001', 'a0000000-0000-4000-8000-000000000002']::uuid[]),
  ('d0000000-0000-4000-8000-000000000002'::uuid, array['a0000000-0000-4000-8000-000000000003', 'a0000000-0000-4000-8000-000000000004']::uuid[]),
  ('d0000000-0000-4000-8000-000000000003'::uuid, array['a0000000-0000-4000-8000-000000000005', 'a0000000-0000-4000-8000-000000000006']::uuid[]),
  ('d0000000-0000-4000-8000-000000000004'::uuid, array['a0000000-0000-4000-8000-000000000001', 'a0000000-0000-4000-8000-000000000005', 'a0000000-0000-4000-8000-000000000006']::uuid[])
) as dm(id, people);

insert into public.channel_members (channel_id, user_id, added_by)
select c.id, person, c.created_by
from public.channels c, unnest(c.direct_member_ids) as person
where c.kind = 'direct' and c.workspace_id = 'b0000000-0000-4000-8000-000000000001'
on conflict do nothing;

insert into public.messages (workspace_id, channel_id, author_id, body, created_at)
select 'b0000000-0000-4000-8000-000000000001', line.channel_id, line.author_id, line.body, now() - line.ago
from (values
  ('d0000000-0000-4000-8000-000000000001'::uuid, 'a0000000-0000-4000-8000-000000000001'::uuid, 'Jonas, do you have ten minutes before the meeting tomorrow?', interval '26 hours'),
  ('d0000000-0000-4000-8000-000000000001', 'a0000000-0000-4000-8000-000000000002', 'Klar, ich rufe dich um 9 Uhr an.', interval '25 hours'),
  ('d0000000-0000-4000-8000-000000000001', 'a0000000-0000-4000-8000-000000000001', 'Perfect, thank you! I will bring the release notes.', interval '24 hours'),
  ('d0000000-0000-4000-8000-000000000001', 'a0000000-0000-4000-8000-000000000002', 'Die Release-Notes sehen gut aus. Nur ein Tippfehler im zweiten Absatz.', interval '40 minutes'),
  ('d0000000-0000-4000-8000-000000000002', 'a0000000-0000-4000-8000-000000000003', 'Lucía, tu as vu les nouvelles maquettes ?', interval '5 hours'),
  ('d0000000-0000-4000-8000-000000000002', 'a0000000-0000-4000-8000-000000000004', '¡Sí! Me encantan los colores. ¿Las revisamos juntas el jueves?', interval '4 hours'),
  ('d0000000-0000-4000-8000-000000000002', 'a0000000-0000-4000-8000-000000000003', 'Parfait, jeudi à 14 h. Je réserve une salle.', interval '90 minutes'),
  ('d0000000-0000-4000-8000-000000000003', 'a0000000-0000-4000-8000-000000000005', 'ライラさん、翻訳の確認ありがとうございました！', interval '8 hours'),
  ('d0000000-0000-4000-8000-000000000003', 'a0000000-0000-4000-8000-000000000006', 'على الرحب والسعة يا يوكي! أرسلت لك بعض الملاحظات الصغيرة.', interval '7 hours'),
  ('d0000000-0000-4000-8000-000000000003', 'a0000000-0000-4000-8000-000000000005', '了解です。今日中に直します 🙏', interval '30 minutes'),
  ('d0000000-0000-4000-8000-000000000003', 'a0000000-0000-4000-8000-000000000006', 'شكرًا! لا داعي للعجلة.', interval '15 minutes'),
  ('d0000000-0000-4000-8000-000000000004', 'a0000000-0000-4000-8000-000000000001', 'Yuki, Layla: shall we plan the right-to-left and Japanese search demo together?', interval '6 hours'),
  ('d0000000-0000-4000-8000-000000000004', 'a0000000-0000-4000-8000-000000000006', 'فكرة رائعة! يمكنني تحضير أمثلة باللغة العربية.', interval '5 hours'),
  ('d0000000-0000-4000-8000-000000000004', 'a0000000-0000-4000-8000-000000000005', '日本語の例は私が用意します。会議は金曜日でどうですか？', interval '20 minutes')
) as line(channel_id, author_id, body, ago);

-- Read markers: everyone has read up to a few hours ago, so every channel shows a few unread.
insert into public.read_markers (user_id, channel_id, last_read_at)
select wm.user_id, c.id, now() - interval '3 hours' - (abs(hashtext(wm.user_id::text || c.id::text)) % 6) * interval '1 hour'
from public.workspace_members wm
join public.channels c on c.workspace_id = wm.workspace_id
where wm.workspace_id = 'b0000000-0000-4000-8000-000000000001'
  and (not c.is_private or exists (select 1 from public.channel_members cm where cm.channel_id = c.id and cm.user_id = wm.user_id));

-- An open invitation (token `demo-invite-token`, stored as its SHA-256 like the function does).
insert into public.invitations (workspace_id, email, role, token_hash, invited_by, expires_at)
values ('b0000000-0000-4000-8000-000000000001', 'newcomer@parley.test', 'member',
        encode(extensions.digest('demo-invite-token', 'sha256'), 'hex'), 'a0000000-0000-4000-8000-000000000001',
        now() + interval '7 days');
