-- The database side of `grant_type=refresh_token` (GoTrue's v1 rotation, auth: internal/tokens/
-- service.go) as one function, so a refresh is one statement: one round trip, no BEGIN/COMMIT
-- exchanges. It lives in the stack's own schema, not in `auth`, so the `auth` schema stays
-- GoTrue's; it is not security definer and only the stack's superuser connection calls it.
--
-- Order and outcomes as GoTrue's:
--   lock the token row, then its session row (concurrent refreshes of one session queue here;
--   waiting more than 5 s fails with lock_not_available, the caller answers 409);
--   then read the user, session and the session's live token — separate statements after the
--   locks, so they see what an earlier lock holder committed;
--   'not_found' (no token or no user), 'banned', 'no_session', 'expired' / 'expired_inactivity'
--   (not_after, timebox, inactivity timeout; nothing written);
--   a live token is revoked and gets a child; the parent of the session's live token gets that
--   token back (the client lost the response, or refreshed concurrently); reuse inside the reuse
--   interval gets another child; any other reuse revokes the whole family (with rotation on) and
--   answers 'reused' — committed, as GoTrue does, although the request fails.
-- A successful refresh stamps the session (refreshed_at, user agent, ip) and writes the
-- `token_refreshed` audit row; it returns the user with identities, factors and the session's
-- amr, the same shapes as sessions/session-subject.ts reads for other session responses.
create or replace function parley_stack.auth_refresh_token_grant(
  presented text,
  fresh_token text,
  reuse_interval_seconds double precision,
  rotation_enabled boolean,
  timebox_ms double precision,
  inactivity_ms double precision,
  client_user_agent text,
  client_ip text
)
returns table (
  outcome text,
  refresh_token text,
  refresh_session jsonb,
  refresh_user jsonb,
  subject_identities jsonb,
  subject_factors jsonb,
  subject_amr jsonb
)
language plpgsql
set search_path = ''
as $$
declare
  spent auth.refresh_tokens%rowtype;
  holder auth.users%rowtype;
  held auth.sessions%rowtype;
  live_token text;
  live_parent text;
  checked_at timestamptz;
  -- GoTrue's audit payload as the JSON text Go's encoder (and audit/audit-log.ts) writes, no spaces
  audit_payload text := '{"actor_id":%s,"actor_username":%s,"actor_via_sso":false,"action":"%s","log_type":"token"}';
  actor_id_json text;
  actor_name_json text;
begin
  perform set_config('lock_timeout', '5s', true);
  select * into spent from auth.refresh_tokens r where r.token = presented for update;
  if not found then
    outcome := 'not_found';
    return next;
    return;
  end if;
  perform 1 from auth.sessions s where s.id = spent.session_id for update;
  checked_at := clock_timestamp();

  select * into holder from auth.users u where u.id = spent.user_id::uuid;
  if not found then
    outcome := 'not_found';
  elsif holder.banned_until is not null and holder.banned_until > checked_at then
    outcome := 'banned';
  else
    select * into held from auth.sessions s where s.id = spent.session_id;
    if not found then
      outcome := 'no_session';
    elsif (held.not_after is not null and checked_at > held.not_after)
      or (timebox_ms > 0 and checked_at > held.created_at + timebox_ms * interval '1 millisecond') then
      outcome := 'expired';
    -- refreshed_at is `timestamp without time zone` holding UTC, as on hosted
    elsif inactivity_ms > 0 and checked_at
      > coalesce(held.refreshed_at at time zone 'UTC', held.created_at) + inactivity_ms * interval '1 millisecond' then
      outcome := 'expired_inactivity';
    end if;
  end if;
  if outcome is not null then
    return next;
    return;
  end if;
  actor_id_json := to_json(holder.id::text)::text;
  actor_name_json := to_json(coalesce(nullif(holder.email, ''), nullif(holder.phone, ''), ''))::text;

  select r.token, r.parent into live_token, live_parent from auth.refresh_tokens r
    where r.session_id = held.id and r.revoked = false order by r.id desc limit 1;
  if not spent.revoked then
    update auth.refresh_tokens set revoked = true, updated_at = now() where id = spent.id;
    refresh_token := fresh_token;
  elsif live_parent = spent.token then
    refresh_token := live_token;
  elsif checked_at <= spent.updated_at + reuse_interval_seconds * interval '1 second' then
    refresh_token := fresh_token;
  else
    if rotation_enabled then
      -- matches GoTrue's RevokeTokenFamily: revoked without touching updated_at
      update auth.refresh_tokens set revoked = true where session_id = held.id and revoked = false;
      insert into auth.audit_log_entries (instance_id, id, payload, created_at, ip_address)
      values ('00000000-0000-0000-0000-000000000000', gen_random_uuid(),
        format(audit_payload, actor_id_json, actor_name_json, 'token_revoked')::json, now(), coalesce(client_ip, ''));
    end if;
    outcome := 'reused';
    return next;
    return;
  end if;

  if refresh_token = fresh_token then
    insert into auth.refresh_tokens (instance_id, token, user_id, revoked, parent, session_id, created_at, updated_at)
    values ('00000000-0000-0000-0000-000000000000', fresh_token, spent.user_id, false, spent.token, held.id,
      now(), now());
  end if;
  update auth.sessions set refreshed_at = now() at time zone 'UTC', updated_at = now(),
    user_agent = client_user_agent, ip = client_ip::inet
    where id = held.id;
  insert into auth.audit_log_entries (instance_id, id, payload, created_at, ip_address)
  values ('00000000-0000-0000-0000-000000000000', gen_random_uuid(),
    format(audit_payload, actor_id_json, actor_name_json, 'token_refreshed')::json, now(), coalesce(client_ip, ''));

  outcome := 'ok';
  -- the session as it was before this refresh stamped it, as SESSION_COLUMNS reads it
  refresh_session := jsonb_build_object('id', held.id, 'user_id', held.user_id,
    'created_at', held.created_at, 'updated_at', held.updated_at, 'factor_id', held.factor_id,
    'aal', held.aal, 'not_after', held.not_after, 'refreshed_at', held.refreshed_at at time zone 'UTC',
    'user_agent', held.user_agent, 'ip', host(held.ip));
  refresh_user := to_jsonb(holder);
  subject_identities := coalesce((select jsonb_agg(i order by i.created_at, i.id) from auth.identities i
    where i.user_id = holder.id), '[]');
  subject_factors := coalesce((select jsonb_agg(f order by f.created_at) from (
      select id, user_id, friendly_name, factor_type, status, created_at, updated_at, phone, last_challenged_at
      from auth.mfa_factors where user_id = holder.id) f), '[]');
  subject_amr := coalesce((select jsonb_agg(jsonb_build_object('method', c.authentication_method,
      'timestamp', floor(extract(epoch from c.updated_at))) order by c.updated_at desc)
    from auth.mfa_amr_claims c where c.session_id = held.id), '[]');
  return next;
end
$$;

revoke all on function parley_stack.auth_refresh_token_grant(text, text, double precision, boolean,
  double precision, double precision, text, text) from public;
