-- Parley Stack's pgmq: the SQL API of pgmq 1.4.4 (the version hosted Supabase ships), written in plain
-- SQL by us. A queue named N is the table pgmq.q_N (its messages) and pgmq.a_N (its archive), listed in
-- pgmq.meta. Every function runs as its caller (security invoker), so table grants and RLS on the
-- queue tables decide who may send, read or archive, as with the real extension.
\echo Use "create extension pgmq" to load this file. \quit

create table pgmq.meta (
  queue_name varchar unique not null,
  is_partitioned boolean not null,
  is_unlogged boolean not null,
  created_at timestamp with time zone default now() not null
);

-- A message as read, popped or given a new visibility timeout.
create type pgmq.message_record as (
  msg_id bigint,
  read_ct integer,
  enqueued_at timestamp with time zone,
  vt timestamp with time zone,
  message jsonb
);

create type pgmq.queue_record as (
  queue_name varchar,
  is_partitioned boolean,
  is_unlogged boolean,
  created_at timestamp with time zone
);

create type pgmq.metrics_result as (
  queue_name text,
  queue_length bigint,
  newest_msg_age_sec integer,
  oldest_msg_age_sec integer,
  total_messages bigint,
  scrape_time timestamp with time zone
);

------------------------------------------------------------------------------------------------------
-- Names
------------------------------------------------------------------------------------------------------

-- 'q' or 'a' + '_' + the queue name, lower-cased; names that look like SQL injection are refused with
-- pgmq's own message. Callers always quote the result with format('%I').
create function pgmq.format_table_name(queue_name text, prefix text)
returns text
language plpgsql
as $$
begin
  if queue_name ~ '\$|;|--|''' then
    raise exception 'queue name contains invalid characters: $, ;, --, or \''';
  end if;
  return lower(prefix || '_' || queue_name);
end;
$$;

-- The archive table's name plus PostgreSQL's 63-byte identifier limit leave 47 characters.
create function pgmq.validate_queue_name(queue_name text)
returns void
language plpgsql
as $$
begin
  if length(queue_name) >= 48 then
    raise exception 'queue name is too long, maximum length is 48 characters';
  end if;
end;
$$;

create function pgmq._belongs_to_pgmq(table_name text)
returns boolean
language sql
stable
as $$
  select exists (
    select 1
    from pg_depend d
    join pg_extension e on e.oid = d.refobjid and e.extname = 'pgmq'
    where d.classid = 'pg_class'::regclass
      and d.deptype = 'e'
      and d.objid = to_regclass(format('pgmq.%I', table_name))
  );
$$;

create function pgmq._ensure_pg_partman_installed()
returns void
language plpgsql
as $$
begin
  if not exists (select 1 from pg_extension where extname = 'pg_partman') then
    raise exception 'pg_partman is required for partitioned queues';
  end if;
end;
$$;

------------------------------------------------------------------------------------------------------
-- Creating and dropping queues
------------------------------------------------------------------------------------------------------

-- The queue and archive tables, their indexes and the pgmq.meta row; run again, it changes nothing.
create function pgmq._create_queue_tables(queue_name text, unlogged boolean)
returns void
language plpgsql
as $$
declare
  queue_table text := pgmq.format_table_name(queue_name, 'q');
  archive_table text := pgmq.format_table_name(queue_name, 'a');
begin
  perform pgmq.validate_queue_name(queue_name);
  perform pg_advisory_xact_lock(hashtext('pgmq.queue_' || queue_name));
  execute format(
    'create %s table if not exists pgmq.%I (
       msg_id bigint primary key generated always as identity,
       read_ct integer default 0 not null,
       enqueued_at timestamp with time zone default now() not null,
       vt timestamp with time zone not null,
       message jsonb
     )',
    case when unlogged then 'unlogged' else '' end,
    queue_table
  );
  execute format(
    'create table if not exists pgmq.%I (
       msg_id bigint primary key,
       read_ct integer default 0 not null,
       enqueued_at timestamp with time zone default now() not null,
       archived_at timestamp with time zone default now() not null,
       vt timestamp with time zone not null,
       message jsonb
     )',
    archive_table
  );
  if not pgmq._belongs_to_pgmq(queue_table) then
    execute format('alter extension pgmq add table pgmq.%I', queue_table);
  end if;
  if not pgmq._belongs_to_pgmq(archive_table) then
    execute format('alter extension pgmq add table pgmq.%I', archive_table);
  end if;
  execute format('create index if not exists %I on pgmq.%I (vt asc)', queue_table || '_vt_idx', queue_table);
  execute format('create index if not exists %I on pgmq.%I (archived_at)', 'archived_at_idx_' || queue_name, archive_table);
  insert into pgmq.meta (queue_name, is_partitioned, is_unlogged)
  values (_create_queue_tables.queue_name, false, unlogged)
  on conflict do nothing;
end;
$$;

create function pgmq.create_non_partitioned(queue_name text)
returns void
language sql
as $$ select pgmq._create_queue_tables(queue_name, false); $$;

create function pgmq.create_unlogged(queue_name text)
returns void
language sql
as $$ select pgmq._create_queue_tables(queue_name, true); $$;

create function pgmq."create"(queue_name text)
returns void
language sql
as $$ select pgmq._create_queue_tables(queue_name, false); $$;

-- Partitioned queues need pg_partman, which the stack does not have: refused with pgmq's message.
create function pgmq.create_partitioned(
  queue_name text,
  partition_interval text default '10000',
  retention_interval text default '100000'
)
returns void
language plpgsql
as $$
begin
  perform pgmq.validate_queue_name(queue_name);
  perform pgmq._ensure_pg_partman_installed();
end;
$$;

-- Drops the queue and its archive. An unknown queue is PostgreSQL's undefined-table error, as in pgmq.
create function pgmq.drop_queue(queue_name text, partitioned boolean default false)
returns boolean
language plpgsql
as $$
declare
  queue_table text := pgmq.format_table_name(queue_name, 'q');
  archive_table text := pgmq.format_table_name(queue_name, 'a');
begin
  if to_regclass(format('pgmq.%I', queue_table)) is null then
    raise exception 'relation "pgmq.%" does not exist', queue_table using errcode = 'undefined_table';
  end if;
  if pgmq._belongs_to_pgmq(queue_table) then
    execute format('alter extension pgmq drop table pgmq.%I', queue_table);
  end if;
  if pgmq._belongs_to_pgmq(archive_table) then
    execute format('alter extension pgmq drop table pgmq.%I', archive_table);
  end if;
  execute format('drop table if exists pgmq.%I', queue_table);
  execute format('drop table if exists pgmq.%I', archive_table);
  delete from pgmq.meta where meta.queue_name = drop_queue.queue_name;
  return true;
end;
$$;

-- Keeps the archive table when the queue is dropped (it stops being part of the extension).
create function pgmq.detach_archive(queue_name text)
returns void
language plpgsql
as $$
begin
  execute format('alter extension pgmq drop table pgmq.%I', pgmq.format_table_name(queue_name, 'a'));
end;
$$;

------------------------------------------------------------------------------------------------------
-- Sending
------------------------------------------------------------------------------------------------------

-- Enqueues one message, visible after `delay` seconds; returns its id.
create function pgmq.send(queue_name text, msg jsonb, delay integer default 0)
returns setof bigint
language plpgsql
as $$
begin
  return query execute format(
    'insert into pgmq.%I (vt, message) values (clock_timestamp() + $2, $1) returning msg_id',
    pgmq.format_table_name(queue_name, 'q')
  ) using msg, make_interval(secs => delay);
end;
$$;

-- Enqueues the messages in their array order; returns their ids.
create function pgmq.send_batch(queue_name text, msgs jsonb[], delay integer default 0)
returns setof bigint
language plpgsql
as $$
begin
  return query execute format(
    'insert into pgmq.%I (vt, message)
     select clock_timestamp() + $2, batch.message
     from unnest($1) with ordinality as batch(message, position)
     order by batch.position
     returning msg_id',
    pgmq.format_table_name(queue_name, 'q')
  ) using msgs, make_interval(secs => delay);
end;
$$;

------------------------------------------------------------------------------------------------------
-- Reading
------------------------------------------------------------------------------------------------------

-- Takes up to `qty` visible messages, oldest first, hides them for `vt` seconds and counts the read.
-- Messages another transaction is reading are skipped, never waited for.
create function pgmq.read(queue_name text, vt integer, qty integer)
returns setof pgmq.message_record
language plpgsql
as $$
begin
  return query execute format(
    'with visible as (
       select msg_id from pgmq.%1$I
       where vt <= clock_timestamp()
       order by msg_id
       limit $1
       for update skip locked
     )
     update pgmq.%1$I as queued
     set vt = clock_timestamp() + $2, read_ct = queued.read_ct + 1
     from visible
     where queued.msg_id = visible.msg_id
     returning queued.msg_id, queued.read_ct, queued.enqueued_at, queued.vt, queued.message',
    pgmq.format_table_name(queue_name, 'q')
  ) using qty, make_interval(secs => vt);
end;
$$;

-- read(), waiting up to `max_poll_seconds` (checking every `poll_interval_ms`) while the queue is empty.
create function pgmq.read_with_poll(
  queue_name text,
  vt integer,
  qty integer,
  max_poll_seconds integer default 5,
  poll_interval_ms integer default 100
)
returns setof pgmq.message_record
language plpgsql
as $$
declare
  give_up_at timestamp with time zone := clock_timestamp() + make_interval(secs => max_poll_seconds);
  message_row pgmq.message_record;
  got_some boolean;
begin
  loop
    got_some := false;
    for message_row in select * from pgmq.read(queue_name, vt, qty) loop
      got_some := true;
      return next message_row;
    end loop;
    if got_some or clock_timestamp() >= give_up_at then
      return;
    end if;
    perform pg_sleep(poll_interval_ms / 1000.0);
  end loop;
end;
$$;

-- Takes the oldest visible message and deletes it in the same step (at-most-once delivery).
create function pgmq.pop(queue_name text)
returns setof pgmq.message_record
language plpgsql
as $$
begin
  return query execute format(
    'with oldest as (
       select msg_id from pgmq.%1$I
       where vt <= clock_timestamp()
       order by msg_id
       limit 1
       for update skip locked
     )
     delete from pgmq.%1$I as queued
     using oldest
     where queued.msg_id = oldest.msg_id
     returning queued.msg_id, queued.read_ct, queued.enqueued_at, queued.vt, queued.message',
    pgmq.format_table_name(queue_name, 'q')
  );
end;
$$;

-- Makes a message visible again `vt` seconds from now (0: at once); returns it, or nothing if unknown.
create function pgmq.set_vt(queue_name text, msg_id bigint, vt integer)
returns setof pgmq.message_record
language plpgsql
as $$
begin
  return query execute format(
    'update pgmq.%I as queued
     set vt = clock_timestamp() + $2
     where queued.msg_id = $1
     returning queued.msg_id, queued.read_ct, queued.enqueued_at, queued.vt, queued.message',
    pgmq.format_table_name(queue_name, 'q')
  ) using msg_id, make_interval(secs => vt);
end;
$$;

------------------------------------------------------------------------------------------------------
-- Finishing messages: archive or delete
------------------------------------------------------------------------------------------------------

-- Moves the messages from the queue into its archive table; returns the ids that were moved.
create function pgmq.archive(queue_name text, msg_ids bigint[])
returns setof bigint
language plpgsql
as $$
begin
  return query execute format(
    'with moved as (
       delete from pgmq.%I where msg_id = any($1)
       returning msg_id, vt, read_ct, enqueued_at, message
     )
     insert into pgmq.%I (msg_id, vt, read_ct, enqueued_at, message)
     select msg_id, vt, read_ct, enqueued_at, message from moved
     returning msg_id',
    pgmq.format_table_name(queue_name, 'q'),
    pgmq.format_table_name(queue_name, 'a')
  ) using msg_ids;
end;
$$;

-- true when the message was in the queue and is now in its archive. (Self-contained, as in pgmq, so
-- a grant on this signature alone is enough.)
create function pgmq.archive(queue_name text, msg_id bigint)
returns boolean
language plpgsql
as $$
declare
  moved_id bigint;
begin
  execute format(
    'with moved as (
       delete from pgmq.%I where msg_id = $1
       returning msg_id, vt, read_ct, enqueued_at, message
     )
     insert into pgmq.%I (msg_id, vt, read_ct, enqueued_at, message)
     select msg_id, vt, read_ct, enqueued_at, message from moved
     returning msg_id',
    pgmq.format_table_name(queue_name, 'q'),
    pgmq.format_table_name(queue_name, 'a')
  ) into moved_id using msg_id;
  return moved_id is not null;
end;
$$;

-- Deletes the messages for good; returns the ids that were deleted.
create function pgmq.delete(queue_name text, msg_ids bigint[])
returns setof bigint
language plpgsql
as $$
begin
  return query execute format(
    'delete from pgmq.%I where msg_id = any($1) returning msg_id',
    pgmq.format_table_name(queue_name, 'q')
  ) using msg_ids;
end;
$$;

-- true when the message was in the queue and is now deleted.
create function pgmq.delete(queue_name text, msg_id bigint)
returns boolean
language plpgsql
as $$
declare
  deleted_id bigint;
begin
  execute format('delete from pgmq.%I where msg_id = $1 returning msg_id', pgmq.format_table_name(queue_name, 'q'))
  into deleted_id using msg_id;
  return deleted_id is not null;
end;
$$;

-- Deletes every message in the queue (not its archive); returns how many.
create function pgmq.purge_queue(queue_name text)
returns bigint
language plpgsql
as $$
declare
  purged bigint;
begin
  execute format('delete from pgmq.%I', pgmq.format_table_name(queue_name, 'q'));
  get diagnostics purged = row_count;
  return purged;
end;
$$;

------------------------------------------------------------------------------------------------------
-- Looking at queues
------------------------------------------------------------------------------------------------------

create function pgmq.list_queues()
returns setof pgmq.queue_record
language sql
stable
as $$ select queue_name, is_partitioned, is_unlogged, created_at from pgmq.meta order by queue_name; $$;

-- Messages waiting (visible or not), the ages of the newest and oldest in seconds, and how many the
-- queue has ever had (its id sequence).
create function pgmq.metrics(queue_name text)
returns pgmq.metrics_result
language plpgsql
as $$
declare
  queue_table text := pgmq.format_table_name(queue_name, 'q');
  result pgmq.metrics_result;
begin
  execute format(
    'select $1, count(*),
            extract(epoch from now() - max(enqueued_at))::integer,
            extract(epoch from now() - min(enqueued_at))::integer,
            (select case when is_called then last_value else 0 end from %s),
            now()
     from pgmq.%I',
    pg_get_serial_sequence(format('pgmq.%I', queue_table), 'msg_id'),
    queue_table
  ) into result using queue_name;
  return result;
end;
$$;

create function pgmq.metrics_all()
returns setof pgmq.metrics_result
language sql
as $$
  select queue_metrics.*
  from pgmq.meta, lateral pgmq.metrics(meta.queue_name) as queue_metrics
  order by meta.queue_name;
$$;

-- As pgmq: pg_monitor may look at every queue.
grant usage on schema pgmq to pg_monitor;
grant select on all tables in schema pgmq to pg_monitor;
grant select on all sequences in schema pgmq to pg_monitor;
alter default privileges in schema pgmq grant select on tables to pg_monitor;
alter default privileges in schema pgmq grant select on sequences to pg_monitor;
