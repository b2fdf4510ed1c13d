-- The missed-activity email and Web Push find the project URL and service key the same way (Vault when
-- it exists, else private.missed_activity_settings). Web Push's private.function_caller() is that one
-- lookup; the email's cron job now uses it too, so the two cannot drift apart.

/** Asks the `missed-activity-email` edge function to send what is due; null when no URL or key is known. */
create or replace function private.request_missed_activity_emails() returns bigint
  language plpgsql volatile security definer set search_path = ''
as $$
declare
  caller record;
begin
  select * into caller from private.function_caller();
  if caller.api_url is null or caller.service_key is null then return null; end if;
  return net.http_post(
    url := rtrim(caller.api_url, '/') || '/functions/v1/missed-activity-email',
    body := '{}'::jsonb,
    headers := jsonb_build_object('Content-Type', 'application/json', 'Authorization', 'Bearer ' || caller.service_key),
    timeout_milliseconds := 30000
  );
end
$$;
revoke execute on function private.request_missed_activity_emails() from public, anon, authenticated;
