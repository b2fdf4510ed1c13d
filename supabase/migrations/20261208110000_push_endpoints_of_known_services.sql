-- Web Push endpoints only at known push services (security issue: SSRF through push endpoints).
--
-- A push subscription's endpoint is a URL the browser's vendor hands out, and web-push-send posts
-- to it on the next mention or DM. Anyone signed in could save `https://127.0.0.1:<port>/…` and
-- make the backend call its own loopback services. Two guards now stand in the way:
--
--   * here, when a subscription is saved (save_push_subscription or a direct insert): its endpoint
--     must be `https://<host>[:port]/…` with <host> on the list of push services below — refused
--     otherwise with 23514 and a message naming the host, so the app learns it at once;
--   * in web-push-send, before every request (the check that matters: rows saved before this
--     migration stay until their push service forgets them): the same list, then the outbound guard
--     of supabase/functions/_shared/outbound (public addresses only, no redirects).
--
-- The list is one row here, read by both, so the two can never disagree. Its default is the push
-- services of the browsers Parley supports: Chrome/Edge/Opera (FCM), Firefox (Mozilla autopush),
-- Safari (Apple) and legacy Edge (Windows Push Notification Services). `*.` matches any name below
-- a domain, not the domain itself.

create table private.web_push_settings (
  id boolean primary key default true check (id),
  push_service_hosts text[] not null default array[
    'fcm.googleapis.com',
    '*.push.services.mozilla.com',
    '*.push.apple.com',
    '*.notify.windows.com'
  ]
);
insert into private.web_push_settings default values;
revoke all on private.web_push_settings from public, anon, authenticated, service_role;

/**
 * The host of a push endpoint, lower-cased, or null when the endpoint is not plainly
 * `https://<letters, digits, dots, hyphens>[:port]/…`. Not a URL parser (SQL has none): a narrow
 * shape every push service's endpoint has, so anything unusual — user info, IPv6 brackets,
 * percent-escapes, backslashes — is refused rather than interpreted. web-push-send parses the
 * endpoint with WHATWG `URL` before each request.
 */
create or replace function private.push_endpoint_host(endpoint text) returns text
  language sql immutable set search_path = ''
as $$
  select lower((regexp_match(endpoint, '^https://([A-Za-z0-9.-]+)(?::[0-9]{1,5})?/'))[1])
$$;

/** Whether a host matches one of the push service patterns (`host` or `*.domain`). */
create or replace function private.push_host_allowed(host text, patterns text[]) returns boolean
  language sql immutable set search_path = ''
as $$
  select host is not null and exists (
    select 1 from unnest(patterns) as p(pattern)
    where host = lower(p.pattern)
       or (starts_with(p.pattern, '*.') and length(host) > length(p.pattern) - 1
           and right(host, length(p.pattern) - 1) = lower(substr(p.pattern, 2)))
  )
$$;

/** Refuses a subscription whose endpoint is not at a known push service (before insert or a change of endpoint). */
create or replace function private.require_known_push_service() returns trigger
  language plpgsql security definer set search_path = ''
as $$
declare
  hosts text[] := (select s.push_service_hosts from private.web_push_settings s where s.id);
  host text := private.push_endpoint_host(new.endpoint);
begin
  if not private.push_host_allowed(host, hosts) then
    raise exception 'push endpoint host % is not a known push service', coalesce(host, '(malformed endpoint)')
      using errcode = '23514',
            hint = 'Endpoints must be https URLs at one of: ' || array_to_string(hosts, ', ');
  end if;
  return new;
end
$$;
revoke execute on function private.require_known_push_service() from public, anon, authenticated;

create trigger push_subscriptions_known_push_service
  before insert or update of endpoint on public.push_subscriptions
  for each row execute function private.require_known_push_service();

/** The push service host patterns, for web-push-send's check before each request (service role only). */
create or replace function public.web_push_service_hosts() returns text[]
  language sql stable security definer set search_path = ''
as $$
  select s.push_service_hosts from private.web_push_settings s where s.id
$$;
revoke execute on function public.web_push_service_hosts() from public, anon, authenticated;
grant execute on function public.web_push_service_hosts() to service_role;
