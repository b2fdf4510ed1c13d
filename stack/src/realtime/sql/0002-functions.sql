-- realtime.topic(), realtime.send(), realtime.send_binary(), realtime.broadcast_changes() and
-- realtime.cast() with upstream's signatures and behaviour.
create or replace function realtime.topic() returns text
  language sql stable as $$ select nullif(current_setting('realtime.topic', true), '')::text $$;

create or replace function realtime.cast(val text, type_ regtype) returns jsonb
  language plpgsql immutable as $$
declare
  res jsonb;
begin
  if type_::text = 'bytea' then
    return to_jsonb(val);
  end if;
  execute format('select to_jsonb(%L::' || type_::text || ')', val) into res;
  return res;
end
$$;

-- Never aborts the caller's transaction: any failure is a WARNING, as upstream.
create or replace function realtime.send(payload jsonb, event text, topic text, private boolean default true) returns void
  language plpgsql as $$
declare
  generated_id uuid;
  final_payload jsonb;
begin
  begin
    generated_id := gen_random_uuid();
    if payload ? 'id' then
      final_payload := payload;
    else
      final_payload := jsonb_set(payload, '{id}', to_jsonb(generated_id));
    end if;
    perform set_config('realtime.topic', topic, true);
    insert into realtime.messages (id, payload, event, topic, private, extension)
      values (generated_id, final_payload, event, topic, private, 'broadcast');
  exception when others then
    raise warning 'WarnSendingBroadcastMessage: %', sqlerrm;
  end;
end
$$;

create or replace function realtime.send_binary(payload bytea, event text, topic text, private boolean default true) returns void
  language plpgsql as $$
begin
  begin
    perform set_config('realtime.topic', topic, true);
    insert into realtime.messages (binary_payload, event, topic, private, extension)
      values (payload, event, topic, private, 'broadcast');
  exception when others then
    raise warning 'WarnSendingBroadcastMessage: %', sqlerrm;
  end;
end
$$;

create or replace function realtime.broadcast_changes(
  topic_name text, event_name text, operation text, table_name text, table_schema text,
  new record, old record, level text default 'ROW'
) returns void
  language plpgsql as $$
declare
  row_data jsonb := '{}'::jsonb;
begin
  if level = 'STATEMENT' then
    raise exception 'function can only be triggered for each row, not for each statement';
  end if;
  if operation = 'INSERT' or operation = 'UPDATE' or operation = 'DELETE' then
    row_data := jsonb_build_object('old_record', old, 'record', new, 'operation', operation, 'table', table_name, 'schema', table_schema);
    perform realtime.send(row_data, event_name, topic_name);
  else
    raise exception 'Unexpected operation type: %', operation;
  end if;
exception when others then
  raise exception 'Failed to process the row: %', sqlerrm;
end
$$;

grant execute on function realtime.topic(), realtime.send(jsonb, text, text, boolean),
  realtime.send_binary(bytea, text, text, boolean),
  realtime.broadcast_changes(text, text, text, text, text, record, record, text),
  realtime.cast(text, regtype), realtime.to_regrole(text) to public;
