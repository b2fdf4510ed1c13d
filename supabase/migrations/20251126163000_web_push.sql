-- Web Push: notifications that reach a person while no Parley tab is open.
--
--   * VAPID keys (RFC 8292) are made by the backend, not by a person: the first call of the
--     `web-push-key` or `web-push-send` function generates an ECDSA P-256 pair with Web Crypto and
--     keeps it here (keep_web_push_vapid_keys: the first pair stored wins, so two first calls at
--     once agree). Only the service role reads it; signed-in people get the public key from
--     `web-push-key`. The same code runs on hosted Supabase and on Parley Stack.
--   * push_subscriptions: one row per browser that said "notify me even when Parley is closed"
--     (the PushSubscription's endpoint and keys). Each person sees and removes only their own.
--     save_push_subscription stores one as the caller; a browser's endpoint belongs to whoever
--     subscribed with it last (a shared browser never shows the previous person's messages).
--   * Delivery: an activity row (a mention, DM or followed-thread reply; not reactions) for someone
--     with subscriptions, that private.should_notify lets through, makes pg_net call the
--     `web-push-send` function with the service role key after the transaction commits — the way
--     the missed-activity email's cron job calls its function, and from the same URL and key
--     (Vault secrets `project_url` and `service_role_key` on hosted Supabase, else the row of
--     private.missed_activity_settings). The function encrypts the payload for each subscription
--     (RFC 8291 aes128gcm), signs the VAPID JWT and posts it to the push service; a 404 or 410
--     answer removes the subscription.

-- VAPID keys ----------------------------------------------------------------------------------------

create table private.web_push_vapid_keys (
  id boolean primary key default true check (id),
  -- The uncompressed P-256 point (65 bytes), base64url: the browser's applicationServerKey and `k=`.
  public_key text not null,
  -- The private key as a JWK (kty EC, crv P-256, x, y, d).
  private_jwk jsonb not null,
  created_at timestamptz not null default now()
);
revoke all on private.web_push_vapid_keys from public, anon, authenticated, service_role;

/** The stored VAPID key pair, or no row before the first one is kept (service role only). */
create or replace function public.web_push_vapid_keys()
  returns table (public_key text, private_jwk jsonb)
  language sql stable security definer set search_path = ''
as $$
  select k.public_key, k.private_jwk from private.web_push_vapid_keys k where k.id
$$;

/**
 * Keeps a freshly generated VAPID key pair unless one is already kept, and returns the kept pair —
 * so concurrent first calls all end up using the same keys (service role only).
 */
create or replace function public.keep_web_push_vapid_keys(generated_public_key text, generated_private_jwk jsonb)
  returns table (public_key text, private_jwk jsonb)
  language plpgsql volatile security definer set search_path = ''
as $$
begin
  if generated_public_key is null or length(generated_public_key) not between 80 and 100
     or jsonb_typeof(generated_private_jwk) <> 'object'
     or generated_private_jwk ->> 'd' is null then
    raise exception 'public_key and private_jwk (with d) are required' using errcode = '22023';
  end if;
  insert into private.web_push_vapid_keys (public_key, private_jwk)
  values (generated_public_key, generated_private_jwk)
  on conflict (id) do nothing;
  return query select k.public_key, k.private_jwk from private.web_push_vapid_keys k where k.id;
end
$$;

revoke execute on function public.web_push_vapid_keys(), public.keep_web_push_vapid_keys(text, jsonb)
  from public, anon, authenticated;
grant execute on function public.web_push_vapid_keys(), public.keep_web_push_vapid_keys(text, jsonb) to service_role;

-- Subscriptions -------------------------------------------------------------------------------------

create table public.push_subscriptions (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references public.profiles (id) on delete cascade default auth.uid(),
  -- The push service's URL for this browser (RFC 8030 push resources are https).
  endpoint text not null unique check (starts_with(endpoint, 'https://') and length(endpoint) <= 2048),
  -- The browser's P-256 ECDH public key (65 bytes) and auth secret (16 bytes), base64url.
  p256dh text not null check (length(p256dh) between 80 and 100 and p256dh ~ '^[A-Za-z0-9_=-]+$'),
  auth text not null check (length(auth) between 20 and 32 and auth ~ '^[A-Za-z0-9_=-]+$'),
  user_agent text check (length(user_agent) <= 512),
  created_at timestamptz not null default now()
);
comment on table public.push_subscriptions is
  'Browsers that receive Web Push notifications for their person (the PushSubscription of each).';
create index push_subscriptions_user_idx on public.push_subscriptions (user_id);

alter table public.push_subscriptions enable row level security;

create policy "people see their own push subscriptions" on public.push_subscriptions
  for select to authenticated using (user_id = (select auth.uid()));
create policy "people add push subscriptions for themselves" on public.push_subscriptions
  for insert to authenticated with check (user_id = (select auth.uid()));
create policy "people remove their own push subscriptions" on public.push_subscriptions
  for delete to authenticated using (user_id = (select auth.uid()));

create policy "two-step sign-in needs aal2" on public.push_subscriptions
  as restrictive for all to authenticated
  using ((select private.has_required_aal())) with check ((select private.has_required_aal()));

revoke all on public.push_subscriptions from anon;
revoke insert, update, delete on public.push_subscriptions from authenticated;
grant insert (endpoint, p256dh, auth, user_agent), delete on public.push_subscriptions to authenticated;

/**
 * Stores the caller's browser subscription (or renews its keys) and returns it. An endpoint is one
 * browser's: if someone else subscribed with it before (a shared browser, a session that ended
 * without signing out), their row goes, so this browser shows only the caller's notifications.
 * @example supabase.rpc('save_push_subscription', { endpoint, p256dh, auth, user_agent: navigator.userAgent })
 */
create or replace function public.save_push_subscription(endpoint text, p256dh text, auth text, user_agent text default null)
  returns public.push_subscriptions
  language plpgsql volatile security definer set search_path = ''
as $$
declare
  saved public.push_subscriptions;
begin
  if auth.uid() is null or not private.has_required_aal() then
    raise exception 'sign in first' using errcode = '42501';
  end if;
  if save_push_subscription.endpoint is null or save_push_subscription.p256dh is null or save_push_subscription.auth is null then
    raise exception 'endpoint, p256dh and auth are required' using errcode = '22004';
  end if;
  delete from public.push_subscriptions s
  where s.endpoint = save_push_subscription.endpoint and s.user_id <> auth.uid();
  insert into public.push_subscriptions as s (user_id, endpoint, p256dh, auth, user_agent)
  values (auth.uid(), save_push_subscription.endpoint, save_push_subscription.p256dh, save_push_subscription.auth,
          left(save_push_subscription.user_agent, 512))
  on conflict on constraint push_subscriptions_endpoint_key
    do update set p256dh = excluded.p256dh, auth = excluded.auth, user_agent = excluded.user_agent
  returning * into saved;
  return saved;
end
$$;
revoke execute on function public.save_push_subscription(text, text, text, text) from public, anon;
grant execute on function public.save_push_subscription(text, text, text, text) to authenticated;

-- Delivery ------------------------------------------------------------------------------------------

/** A message's text with each `<@user-id>` mention token replaced by `@` and the person's current name. */
create or replace function private.mentions_as_names(body text) returns text
  language plpgsql stable security definer set search_path = ''
as $$
declare
  mentioned record;
begin
  for mentioned in
    select distinct token[1] as id
    from regexp_matches(body, '<@([0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12})>', 'g') as token
  loop
    body := replace(body, '<@' || mentioned.id || '>',
                    '@' || coalesce((select p.display_name from public.profiles p where p.id = mentioned.id::uuid), '…'));
  end loop;
  return body;
end
$$;
revoke execute on function private.mentions_as_names(text) from public, anon, authenticated;

/**
 * What `web-push-send` sends for one activity row: one row per subscription of its person, with the
 * words of the notification — nothing when the row is a reaction, already read, or no longer passes
 * private.should_notify (service role only). `body` has `<@id>` mention tokens replaced by `@name`.
 */
create or replace function public.web_push_delivery(activity_id uuid)
  returns table (
    subscription_id uuid, endpoint text, p256dh text, auth text,
    locale text, kind text, actor_name text, channel_name text, channel_kind text,
    workspace_slug text, channel_id uuid, message_id uuid, body text
  )
  language sql stable security definer set search_path = ''
as $$
  select s.id, s.endpoint, s.p256dh, s.auth,
         coalesce(p.locale, 'en'), a.kind, coalesce(actor.display_name, ''), ch.name, ch.kind,
         w.slug, ch.id, m.id,
         left(private.mentions_as_names(m.body), 300)
  from public.activity a
  join public.push_subscriptions s on s.user_id = a.user_id
  join public.profiles p on p.id = a.user_id
  join public.messages m on m.id = a.message_id
  join public.channels ch on ch.id = a.channel_id
  join public.workspaces w on w.id = a.workspace_id
  left join public.profiles actor on actor.id = a.actor_id
  where a.id = web_push_delivery.activity_id
    and a.kind <> 'reaction'
    and a.read_at is null
    and private.should_notify(a.user_id, a.message_id)
$$;
revoke execute on function public.web_push_delivery(uuid) from public, anon, authenticated;
grant execute on function public.web_push_delivery(uuid) to service_role;

/**
 * Where functions are called from the database: the project's API URL and the service role key —
 * Vault secrets `project_url` and `service_role_key` on hosted Supabase, else (Parley Stack, which
 * has no Vault) the row of private.missed_activity_settings. Null when neither is set.
 */
create or replace function private.function_caller(out api_url text, out service_key text)
  language plpgsql stable security definer set search_path = ''
as $$
begin
  if to_regclass('vault.decrypted_secrets') is not null then
    execute 'select max(decrypted_secret) filter (where name = ''project_url''),
                    max(decrypted_secret) filter (where name = ''service_role_key'')
             from vault.decrypted_secrets where name in (''project_url'', ''service_role_key'')'
      into api_url, service_key;
  end if;
  if api_url is null or service_key is null then
    select s.project_url, s.service_role_key into api_url, service_key
    from private.missed_activity_settings s where s.id;
  end if;
end
$$;
revoke execute on function private.function_caller() from public, anon, authenticated;

/** After an activity row is written: asks `web-push-send` to deliver it, when it has anyone to reach. */
create or replace function private.request_web_push() returns trigger
  language plpgsql volatile security definer set search_path = ''
as $$
declare
  caller record;
begin
  if not exists (select 1 from public.push_subscriptions s where s.user_id = new.user_id) then return null; end if;
  if not private.should_notify(new.user_id, new.message_id) then return null; end if;
  select * into caller from private.function_caller();
  if caller.api_url is null or caller.service_key is null then return null; end if;
  perform net.http_post(
    url := rtrim(caller.api_url, '/') || '/functions/v1/web-push-send',
    body := jsonb_build_object('activity_id', new.id),
    headers := jsonb_build_object('Content-Type', 'application/json', 'Authorization', 'Bearer ' || caller.service_key),
    timeout_milliseconds := 30000
  );
  return null;
end
$$;
revoke execute on function private.request_web_push() from public, anon, authenticated;

create trigger activity_request_web_push after insert on public.activity
  for each row when (new.kind <> 'reaction') execute function private.request_web_push();
