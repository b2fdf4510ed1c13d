-- A search query is capped at 1000 characters. Without a cap a 40 KB query became a tsquery deep
-- enough to exhaust PostgreSQL's stack (a 500 from the API); no one types a 1000-character search.
-- The refusal uses errcode 22023 (invalid_parameter_value), which PostgREST answers with 400 and
-- its usual {code, message, details, hint} body. The web app's search field stops at the same length.
-- Same function as 20250610120800_message_search.sql otherwise; the query is parsed only after the check.

create or replace function public.search_messages(
  workspace_id uuid,
  query text,
  channel_id uuid default null,
  author_id uuid default null,
  max_results integer default 20,
  before timestamptz default null
)
returns setof public.message_search_hit
  language plpgsql stable security invoker set search_path = ''
as $$
declare
  tsq tsquery;
  patterns text[];
begin
  if char_length(query) > 1000 then
    raise exception using
      errcode = '22023',
      message = 'search query is longer than 1000 characters',
      hint = 'Search for at most 1000 characters.';
  end if;
  tsq := private.search_tsquery(query);
  patterns := private.search_patterns(query);
  if coalesce(array_length(patterns, 1), 0) = 0 then
    return;
  end if;
  return query
  with hits as (
    select m.id, m.channel_id, m.author_id, m.thread_parent_id, m.created_at, m.body,
           case when tsq is not null and m.search_vector @@ tsq then ts_rank(m.search_vector, tsq) else 0 end::real as rank
    from public.messages m
    where m.workspace_id = search_messages.workspace_id
      and m.deleted_at is null
      and (search_messages.channel_id is null or m.channel_id = search_messages.channel_id)
      and (search_messages.author_id is null or m.author_id = search_messages.author_id)
      and (search_messages.before is null or m.created_at < search_messages.before)
      and ((tsq is not null and m.search_vector @@ tsq)
           -- The first pattern alone lets the trigram index narrow rows; ALL checks every term.
           or (m.body ilike patterns[1] and m.body ilike all (patterns)))
    order by m.created_at desc, m.id desc
    limit least(greatest(coalesce(max_results, 20), 1), 100)
  )
  select h.id, h.channel_id, h.author_id, h.thread_parent_id, h.created_at, h.body,
         private.search_snippet(h.body, query), h.rank
  from hits h
  order by h.created_at desc, h.id desc;
end
$$;
