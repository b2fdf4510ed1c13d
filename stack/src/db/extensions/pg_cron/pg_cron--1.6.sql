-- pg_cron 1.6's catalog and functions, written for Parley Stack in plain SQL. pg_cron does this work
-- in C inside a background worker; here the stack's cron service (stack/src/cron) reads cron.job,
-- runs due jobs and writes cron.job_run_details. Names, columns, defaults, grants, row security and
-- error messages follow pg_cron 1.6.

do $$
begin
  if current_database() <> coalesce(nullif(current_setting('cron.database_name', true), ''), 'postgres') then
    raise exception 'can only create extension in database %',
      coalesce(nullif(current_setting('cron.database_name', true), ''), 'postgres')
      using detail = 'Jobs must be scheduled from the database configured in cron.database_name, since the '
        || 'pg_cron background worker reads job descriptions from this database.';
  end if;
end
$$;

create schema cron;
create sequence cron.jobid_seq;
create sequence cron.runid_seq;

-- pg_cron's schedule grammar: five fields (minute hour day-of-month month day-of-week) of `*`,
-- numbers, ranges, steps and lists, month and weekday names, `$` for the last day of the month, the
-- @yearly … @hourly and @reboot shortcuts, or '[1-59] seconds'. The check has to run inside
-- PostgreSQL at schedule time (where no JavaScript runs); the cron service parses the same text with
-- cron-parser to find run times, and a test holds both to the same verdicts.
create function cron._valid_field(field text, low int, high int, names text[]) returns boolean
language plpgsql immutable as $$
declare
  item text;
  parts text[];
  range_text text;
  bounds text[];
  first_value int;
  last_value int;
  name_index int;
begin
  if field = '' then
    return false;
  end if;
  foreach item in array string_to_array(field, ',') loop
    parts := regexp_match(item, '^([^/]+)(?:/([0-9]+))?$');
    if parts is null or (parts[2] is not null and parts[2]::numeric not between 1 and high) then
      return false;
    end if;
    range_text := parts[1];
    continue when range_text = '*';
    bounds := string_to_array(range_text, '-');
    if array_length(bounds, 1) > 2 then
      return false;
    end if;
    for i in 1 .. array_length(bounds, 1) loop
      name_index := array_position(names, bounds[i]);
      if name_index is not null then
        bounds[i] := (name_index - 1 + low)::text;
      elsif bounds[i] !~ '^[0-9]{1,4}$' then
        return false;
      end if;
    end loop;
    first_value := bounds[1]::int;
    last_value := bounds[array_length(bounds, 1)]::int;
    if first_value < low or last_value > high or first_value > last_value then
      return false;
    end if;
  end loop;
  return true;
end
$$;

create function cron._valid_schedule(schedule text) returns boolean
language plpgsql immutable as $$
declare
  text_lower text := lower(btrim(schedule));
  fields text[];
  seconds text[];
begin
  seconds := regexp_match(text_lower, '^([0-9]+)\s*seconds?$');
  if seconds is not null then
    return seconds[1]::numeric between 1 and 59;
  end if;
  if text_lower in ('@yearly', '@annually', '@monthly', '@weekly', '@daily', '@midnight', '@hourly', '@reboot') then
    return true;
  end if;
  fields := regexp_split_to_array(text_lower, '\s+');
  if array_length(fields, 1) <> 5 then
    return false;
  end if;
  return cron._valid_field(fields[1], 0, 59, '{}')
    and cron._valid_field(fields[2], 0, 23, '{}')
    and (fields[3] = '$' or cron._valid_field(fields[3], 1, 31, '{}'))
    and cron._valid_field(fields[4], 1, 12, '{jan,feb,mar,apr,may,jun,jul,aug,sep,oct,nov,dec}')
    and cron._valid_field(fields[5], 0, 7, '{sun,mon,tue,wed,thu,fri,sat}');
end
$$;

create function cron._assert_valid_schedule(schedule text) returns void
language plpgsql immutable as $$
begin
  if not cron._valid_schedule(schedule) then
    raise exception 'invalid schedule: %', schedule
      using errcode = 'invalid_parameter_value',
        hint = 'Use cron format (e.g. 5 4 * * *), or interval format ''[1-59] seconds''';
  end if;
end
$$;

create table cron.job (
  jobid bigint primary key default nextval('cron.jobid_seq'),
  schedule text not null,
  command text not null,
  nodename text not null default 'localhost',
  nodeport int not null default inet_server_port(),
  database text not null default current_database(),
  username text not null default current_user,
  active boolean not null default true,
  jobname text,
  constraint jobname_username_uniq unique (jobname, username),
  constraint cron_job_schedule_check check (cron._valid_schedule(schedule))
);
alter sequence cron.jobid_seq owned by cron.job.jobid;

create table cron.job_run_details (
  jobid bigint,
  runid bigint primary key default nextval('cron.runid_seq'),
  job_pid integer,
  database text,
  username text,
  command text,
  status text,
  return_message text,
  start_time timestamptz,
  end_time timestamptz
);
alter sequence cron.runid_seq owned by cron.job_run_details.runid;

-- As pg_cron: everyone may see (and the schedule functions may write) only their own jobs and runs.
alter table cron.job enable row level security;
create policy cron_job_policy on cron.job using (username = current_user);
alter table cron.job_run_details enable row level security;
create policy cron_job_run_details_policy on cron.job_run_details using (username = current_user);

-- pg_cron writes cron.job from C as the extension owner; these functions run as the caller instead,
-- so row security (username = current_user) keeps each role to its own jobs, superusers to all.
grant select, insert, update, delete on cron.job to public;
grant select, delete on cron.job_run_details to public;
grant select on sequence cron.jobid_seq, cron.runid_seq to public;
grant usage on sequence cron.jobid_seq to public;

select pg_catalog.pg_extension_config_dump('cron.job', '');
select pg_catalog.pg_extension_config_dump('cron.jobid_seq', '');
select pg_catalog.pg_extension_config_dump('cron.job_run_details', '');
select pg_catalog.pg_extension_config_dump('cron.runid_seq', '');

-- pg_cron's job cache invalidation: the cron service listens on this channel and reloads cron.job.
-- A notification is delivered at commit, so a rolled-back change is never seen.
create function cron.job_cache_invalidate() returns trigger
language plpgsql as $$
begin
  perform pg_notify('parley_cron_jobs', '');
  return null;
end
$$;
create trigger cron_job_cache_invalidate
  after insert or update or delete or truncate on cron.job
  for each statement execute function cron.job_cache_invalidate();

create function cron._is_superuser(role_name text) returns boolean
language sql stable as $$
  select coalesce((select rolsuper from pg_catalog.pg_roles where rolname = role_name), false)
$$;

create function cron._login_role(role_name text) returns text
language plpgsql stable as $$
declare
  can_login boolean;
begin
  select rolcanlogin into can_login from pg_catalog.pg_roles where rolname = role_name;
  if can_login is null then
    raise exception 'role "%" does not exist', role_name;
  end if;
  if not can_login then
    raise exception 'role "%" can not log in', role_name
      using detail = 'Jobs may only be run by roles that have the LOGIN attribute.';
  end if;
  return role_name;
end
$$;

create function cron._assert_can_connect(role_name text, database_name text) returns void
language plpgsql stable as $$
begin
  if not exists (select 1 from pg_catalog.pg_database where datname = database_name) then
    raise exception 'database "%" does not exist', database_name using errcode = 'undefined_database';
  end if;
  if not has_database_privilege(role_name, database_name, 'CONNECT') then
    raise exception 'User % does not have CONNECT privilege on %', role_name, database_name;
  end if;
end
$$;

create function cron._schedule(
  job_name text, schedule text, command text, database text, username text, active boolean
) returns bigint
language plpgsql as $$
declare
  job_id bigint;
  run_as text := current_user;
begin
  if schedule is null then
    raise exception 'schedule can not be NULL';
  end if;
  if command is null then
    raise exception 'command can not be NULL';
  end if;
  perform cron._assert_valid_schedule(schedule);
  if username is not null then
    if not cron._is_superuser(current_user) then
      raise exception 'must be superuser to create a job for another role';
    end if;
    run_as := cron._login_role(username);
  end if;
  database := coalesce(database, current_database());
  perform cron._assert_can_connect(run_as, database);
  -- The server's port, as pg_cron's C code takes it: the column's default, inet_server_port(), is null
  -- for a session on the Unix socket (the stack's request pool).
  if job_name is null then
    insert into cron.job (schedule, command, nodeport, database, username, active)
    values (schedule, command, current_setting('port')::int, database, run_as, coalesce(active, true))
    returning jobid into job_id;
  else
    insert into cron.job (schedule, command, nodeport, database, username, active, jobname)
    values (schedule, command, current_setting('port')::int, database, run_as, coalesce(active, true), job_name)
    on conflict on constraint jobname_username_uniq do update
      set schedule = excluded.schedule, command = excluded.command, database = excluded.database
    returning jobid into job_id;
  end if;
  return job_id;
end
$$;

create function cron.schedule(schedule text, command text) returns bigint
language sql strict as $$
  select cron._schedule(null, schedule, command, null, null, true)
$$;
comment on function cron.schedule(text, text) is 'schedule a pg_cron job';

create function cron.schedule(job_name text, schedule text, command text) returns bigint
language plpgsql as $$
begin
  if job_name is null then
    raise exception 'job_name can not be NULL';
  end if;
  return cron._schedule(job_name, schedule, command, null, null, true);
end
$$;
comment on function cron.schedule(text, text, text) is 'schedule a pg_cron job';

create function cron.schedule_in_database(
  job_name text, schedule text, command text, database text, username text default null, active boolean default 'true'
) returns bigint
language plpgsql as $$
begin
  if job_name is null then
    raise exception 'job_name can not be NULL';
  end if;
  return cron._schedule(job_name, schedule, command, database, username, active);
end
$$;
comment on function cron.schedule_in_database(text, text, text, text, text, boolean) is 'schedule a pg_cron job';
-- As pg_cron: an admin decides whether this is safe by granting execute explicitly.
revoke all on function cron.schedule_in_database(text, text, text, text, text, boolean) from public;

create function cron.unschedule(job_id bigint) returns boolean
language plpgsql strict as $$
begin
  delete from cron.job where jobid = job_id;
  if not found then
    raise exception 'could not find valid entry for job %', job_id;
  end if;
  return true;
end
$$;
comment on function cron.unschedule(bigint) is 'unschedule a pg_cron job';

create function cron.unschedule(job_name text) returns boolean
language plpgsql strict as $$
begin
  delete from cron.job where jobname = job_name and username = current_user;
  if not found then
    raise exception 'could not find valid entry for job ''%''', job_name;
  end if;
  return true;
end
$$;
comment on function cron.unschedule(text) is 'unschedule a pg_cron job';

create function cron.alter_job(
  job_id bigint,
  schedule text default null,
  command text default null,
  database text default null,
  username text default null,
  active boolean default null
) returns void
language plpgsql as $$
declare
  run_as text := current_user;
begin
  if job_id is null then
    raise exception 'job_id can not be NULL';
  end if;
  if schedule is null and command is null and database is null and username is null and active is null then
    raise exception 'no updates specified'
      using hint = 'You must specify at least one job attribute to change when calling alter_job';
  end if;
  if username is not null then
    if not cron._is_superuser(current_user) then
      raise exception 'must be superuser to alter username';
    end if;
    run_as := cron._login_role(username);
  end if;
  if database is not null then
    perform cron._assert_can_connect(run_as, database);
  end if;
  if schedule is not null then
    perform cron._assert_valid_schedule(schedule);
  end if;
  update cron.job j set
    schedule = coalesce(alter_job.schedule, j.schedule),
    command = coalesce(alter_job.command, j.command),
    database = coalesce(alter_job.database, j.database),
    username = coalesce(alter_job.username, j.username),
    active = coalesce(alter_job.active, j.active)
  where j.jobid = job_id;
  if not found then
    raise exception 'Job % does not exist or you don''t own it', job_id;
  end if;
end
$$;
comment on function cron.alter_job(bigint, text, text, text, text, boolean)
  is 'Alter the job identified by job_id. Any option left as NULL will not be modified.';
-- As pg_cron: an admin decides whether alter_job is safe by granting execute explicitly.
revoke all on function cron.alter_job(bigint, text, text, text, text, boolean) from public;

-- Supabase lets `postgres` use and hand on the cron schema (its dashboard and docs schedule as postgres).
grant usage on schema cron to postgres with grant option;
grant all on all tables in schema cron to postgres with grant option;
grant all on all sequences in schema cron to postgres with grant option;
grant all on all functions in schema cron to postgres with grant option;
