-- `grant_type=refresh_token` as in 0006-refresh-token-grant-as-gotrue-writes.sql (same locks, checks,
-- writes, audit rows and outcomes), with a cheaper answer. The profile of a refresh (#17) put the
-- answer's reads at about a quarter of the statement's CPU: four statements of their own (identities,
-- factors and amr each through SPI, plus the user as jsonb) and five jsonb values built and then
-- printed as text for the client. Now one statement reads identities, factors and amr and builds all
-- five values as `json` (kept as text: no binary jsonb built, sorted and printed again); the client
-- parses both types the same way, and the values hold the same keys and values as before
-- (timestamps in the same ISO form; jsonb columns such as identity_data embedded as they print).
-- The return type changes, so the function is dropped and created anew.
drop function if exists parley_stack.auth_refresh_token_grant(
  text, text, double precision, boolean, double precision, double precision, text, text
);
create function parley_stack.auth_refresh_token_grant(
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
  refresh_session json,
  refresh_user json,
  subject_identities json,
  subject_factors json,
  subject_amr json
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
  select * into held from auth.sessions s where s.id = spent.session_id for update;
  checked_at := clock_timestamp();

  select * into holder from auth.users u where u.id = spent.user_id::uuid;
  if not found then
    outcome := 'not_found';
  elsif holder.banned_until is not null and holder.banned_until > checked_at then
    outcome := 'banned';
  elsif held.id is null then
    outcome := 'no_session';
  elsif (held.not_after is not null and checked_at > held.not_after)
    or (timebox_ms > 0 and checked_at > held.created_at + timebox_ms * interval '1 millisecond') then
    outcome := 'expired';
  -- refreshed_at is `timestamp without time zone` holding UTC, as on hosted
  elsif inactivity_ms > 0 and checked_at
    > coalesce(held.refreshed_at at time zone 'UTC', held.created_at) + inactivity_ms * interval '1 millisecond' then
    outcome := 'expired_inactivity';
  end if;
  if outcome is not null then
    return next;
    return;
  end if;

  if not spent.revoked then
    refresh_token := fresh_token;
  else
    select r.token, r.parent into live_token, live_parent from auth.refresh_tokens r
      where r.session_id = held.id and r.revoked = false order by r.id desc limit 1;
    if live_parent = spent.token then
      refresh_token := live_token;
    elsif checked_at <= spent.updated_at + reuse_interval_seconds * interval '1 second' then
      refresh_token := fresh_token;
    else
      if rotation_enabled then
        update auth.refresh_tokens set revoked = true where session_id = held.id and revoked = false;
      end if;
      outcome := 'reused';
      return next;
      return;
    end if;
  end if;

  actor_id_json := to_json(holder.id::text)::text;
  actor_name_json := to_json(coalesce(nullif(holder.email, ''), nullif(holder.phone, ''), ''))::text;
  if refresh_token = fresh_token then
    update auth.refresh_tokens set revoked = true, updated_at = now() where id = spent.id;
    insert into auth.refresh_tokens (instance_id, token, user_id, revoked, parent, session_id, created_at, updated_at)
    values ('00000000-0000-0000-0000-000000000000', fresh_token, spent.user_id, false, spent.token, held.id,
      now(), now());
    -- clock_timestamp(): each row its own time, in GoTrue's order (it stamps each row as it creates it)
    insert into auth.audit_log_entries (instance_id, id, payload, created_at, ip_address)
    values
      ('00000000-0000-0000-0000-000000000000', gen_random_uuid(),
        format(audit_payload, actor_id_json, actor_name_json, 'token_refreshed')::json, clock_timestamp(),
        coalesce(client_ip, '')),
      ('00000000-0000-0000-0000-000000000000', gen_random_uuid(),
        format(audit_payload, actor_id_json, actor_name_json, 'token_revoked')::json, clock_timestamp(),
        coalesce(client_ip, ''));
  else
    insert into auth.audit_log_entries (instance_id, id, payload, created_at, ip_address)
    values ('00000000-0000-0000-0000-000000000000', gen_random_uuid(),
      format(audit_payload, actor_id_json, actor_name_json, 'token_refreshed')::json, clock_timestamp(),
      coalesce(client_ip, ''));
  end if;
  update auth.sessions set refreshed_at = now() at time zone 'UTC', updated_at = now(),
    user_agent = client_user_agent, ip = client_ip::inet
    where id = held.id;

  outcome := 'ok';
  -- the session as it was before this refresh stamped it (as SESSION_COLUMNS reads it), the user,
  -- and the user's identities and factors and the session's amr (as sessions/session-subject.ts
  -- reads them for other session responses), in one statement
  select json_build_object('id', held.id, 'user_id', held.user_id,
      'created_at', held.created_at, 'updated_at', held.updated_at, 'factor_id', held.factor_id,
      'aal', held.aal, 'not_after', held.not_after, 'refreshed_at', held.refreshed_at at time zone 'UTC',
      'user_agent', held.user_agent, 'ip', host(held.ip)),
    row_to_json(holder),
    coalesce((select json_agg(i order by i.created_at, i.id) from auth.identities i where i.user_id = holder.id),
      '[]'),
    coalesce((select json_agg(f order by f.created_at) from (
        select id, user_id, friendly_name, factor_type, status, created_at, updated_at, phone, last_challenged_at
        from auth.mfa_factors where user_id = holder.id) f), '[]'),
    coalesce((select json_agg(json_build_object('method', c.authentication_method,
        'timestamp', floor(extract(epoch from c.updated_at))) order by c.updated_at desc)
      from auth.mfa_amr_claims c where c.session_id = held.id), '[]')
  into refresh_session, refresh_user, subject_identities, subject_factors, subject_amr;
  return next;
end
$$;
