-- pg_net 0.19's tables and functions, written for Parley Stack in plain SQL. pg_net performs the
-- queued requests with libcurl in a background worker; here the stack's net service (stack/src/net)
-- does, after the enqueuing transaction commits. Signatures, defaults and the response table follow
-- pg_net; what differs is said in stack/src/net/README.md.

create schema if not exists net;

create domain net.http_method as text
  check (value ilike 'get' or value ilike 'post' or value ilike 'delete');

-- Pending requests; the net service claims (deletes) them as it performs them. `params` is the
-- stack's own column: the query parameters are added to the URL by the service with a URL library
-- (pg_net encodes them into `url` in C).
create unlogged table net.http_request_queue (
  id bigserial,
  method net.http_method not null,
  url text not null,
  headers jsonb,
  body bytea,
  timeout_milliseconds int not null,
  params jsonb not null default '{}'
);

create unlogged table net._http_response (
  id bigint,
  status_code integer,
  content_type text,
  headers jsonb,
  content text,
  timed_out bool,
  error_msg text,
  created timestamptz not null default now()
);
create index on net._http_response (created);

-- Wakes the net service. The notification is delivered when the transaction commits, so a request
-- from a rolled-back transaction is never sent (its queue row is gone too).
create function net.wake() returns void
language sql as $$
  select pg_notify('parley_net_requests', '')
$$;

create function net._enqueue(
  method text, url text, params jsonb, headers jsonb, body bytea, timeout_milliseconds int
) returns bigint
language plpgsql as $$
declare
  request_id bigint;
begin
  if url is null then
    raise exception 'url must not be null' using errcode = 'null_value_not_allowed';
  end if;
  if timeout_milliseconds is null or timeout_milliseconds <= 0 then
    raise exception 'timeout_milliseconds must be a positive number' using errcode = 'invalid_parameter_value';
  end if;
  if params is not null and jsonb_typeof(params) <> 'object' then
    raise exception 'params must be a json object' using errcode = 'invalid_parameter_value';
  end if;
  if headers is not null and jsonb_typeof(headers) <> 'object' then
    raise exception 'headers must be a json object' using errcode = 'invalid_parameter_value';
  end if;
  insert into net.http_request_queue (method, url, headers, body, timeout_milliseconds, params)
  values (method, url, headers, body, timeout_milliseconds, coalesce(params, '{}'))
  returning id into request_id;
  perform net.wake();
  return request_id;
end
$$;

create function net.http_get(
  url text,
  params jsonb default '{}'::jsonb,
  headers jsonb default '{}'::jsonb,
  timeout_milliseconds int default 5000
) returns bigint
language sql as $$
  select net._enqueue('GET', url, params, headers, null, timeout_milliseconds)
$$;

create function net.http_post(
  url text,
  body jsonb default '{}'::jsonb,
  params jsonb default '{}'::jsonb,
  headers jsonb default '{"Content-Type": "application/json"}'::jsonb,
  timeout_milliseconds int default 5000
) returns bigint
language plpgsql as $$
declare
  content_type text;
begin
  select value into content_type
  from jsonb_each_text(coalesce(headers, '{}'::jsonb))
  where lower(key) = 'content-type'
  limit 1;
  if content_type is null then
    headers := coalesce(headers, '{}'::jsonb) || '{"Content-Type": "application/json"}'::jsonb;
  elsif content_type <> 'application/json' then
    raise exception 'Content-Type header must be "application/json"';
  end if;
  return net._enqueue('POST', url, params, headers, convert_to(body::text, 'UTF8'), timeout_milliseconds);
end
$$;

create function net.http_delete(
  url text,
  params jsonb default '{}'::jsonb,
  headers jsonb default '{}'::jsonb,
  timeout_milliseconds int default 5000,
  body jsonb default null
) returns bigint
language sql as $$
  select net._enqueue('DELETE', url, params, headers, convert_to(body::text, 'UTF8'), timeout_milliseconds)
$$;

create type net.request_status as enum ('PENDING', 'SUCCESS', 'ERROR');
create type net.http_response as (status_code integer, headers jsonb, body text);
create type net.http_response_result as (status net.request_status, message text, response net.http_response);

-- pg_net's (deprecated) way to read a response.
create function net._http_collect_response(request_id bigint, async bool default true)
returns net.http_response_result
language plpgsql as $$
declare
  rec net._http_response;
begin
  if not async then
    while not exists (select 1 from net._http_response r where r.id = request_id) loop
      perform pg_sleep(0.05);
    end loop;
  end if;
  select * into rec from net._http_response r where r.id = request_id;
  if rec is null or rec.error_msg is not null then
    return ('ERROR', coalesce(rec.error_msg, 'request matching request_id not found'), null)::net.http_response_result;
  end if;
  return ('SUCCESS', 'ok', (rec.status_code, rec.headers, rec.content)::net.http_response)::net.http_response_result;
end
$$;

create function net.http_collect_response(request_id bigint, async bool default true)
returns net.http_response_result
language plpgsql as $$
begin
  raise notice 'The net.http_collect_response function is deprecated.';
  return net._http_collect_response(request_id, async);
end
$$;

-- pg_net grants the schema, its tables and sequences to PUBLIC; Supabase's platform setup (the
-- stack's net platform SQL) then decides who may call the request functions.
grant usage on schema net to public;
grant all on all sequences in schema net to public;
grant all on all tables in schema net to public;
