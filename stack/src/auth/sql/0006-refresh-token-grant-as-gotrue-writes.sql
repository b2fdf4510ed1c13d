-- `grant_type=refresh_token` as one statement (see 0005-refresh-token-grant.sql for why), now
-- writing what current GoTrue writes and reading only what it needs (auth: internal/tokens/
-- service.go RefreshTokenGrant, internal/models/refresh_token.go):
--   * a rotation that issues a child writes two audit rows, `token_refreshed` and then
--     `token_revoked` (GrantRefreshTokenSwap), and stamps the spent token `revoked = true,
--     updated_at = now()` (its UpdateOnly also touches updated_at) — in the reuse-interval case too;
--     handing back the live child of a spent parent writes `token_refreshed` alone;
--   * revoking a family on reuse writes no audit row (RevokeTokenFamily writes none). It leaves
--     `updated_at` as it was, unlike GoTrue since auth#1167: stamping it would open the reuse
--     interval again for every token just revoked, so a stolen token's family could be refreshed
--     right after reuse detection revoked it;
--   * the session's live token is looked up only for a spent token (FindCurrentlyActiveRefreshToken
--     runs in that branch alone), and the session row is read by the statement that locks it (a row
--     locked FOR UPDATE is its newest committed version), so a plain rotation runs two statements
--     fewer; the two audit rows are one INSERT.
-- Everything else (lock order and timeout, checks and their order, answers) is as in 0005.
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
