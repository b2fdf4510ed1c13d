-- Search cost no longer jumps with the planner's guess of how common a word is.
--
-- What we saw: searching a workspace's messages took 6 ms at 10k and 100k messages and 130 ms or
-- more at 1M for "deployment", and 116 ms at 100k (but 8 ms at 1M) for 議事録, each word being in
-- 1 % of its language's messages. EXPLAIN ANALYZE of the function's query as the member showed two
-- plans, chosen from the row estimate alone:
--   * newest first along messages_workspace_recent_idx, testing each row, stopping at the 20th hit:
--     about 20 / (share of messages that match) rows, ~2,200 here, the same at every size;
--   * every match first (sequential or bitmap scan), then a top-20 sort: work grows with the
--     workspace (all 1M rows read, or all 10k matches fetched, for 20 results).
-- The estimate that decides is noisy. `body ilike '%word%'` is estimated from the 100 entries of
-- body's histogram, so a 1 % word is in none, one or two of them depending on ANALYZE's sample, and
-- a word the full-text parser does not split out (Japanese) has no full-text statistics to lean on.
-- At 100k, 議事録 was estimated at 35 matching rows (1,001 real): the planner expected the newest-first
-- scan to read the whole workspace and read the whole table instead. Each ANALYZE can flip it.
-- Not JIT (the plans' costs stay under jit_above_cost) nor PL/pgSQL's generic plan (custom plans
-- were chosen throughout: the query's text held the tsquery's value).
--
-- The fix does not depend on estimates: the function first looks at only the newest 5,000 messages
-- the caller may search (same filters and RLS), newest first. A LIMIT inside a subquery keeps the
-- planner from pushing the match into that scan, so its cost is bounded by the window (and stops
-- early at the last wanted hit). Only when the window holds fewer hits than asked for, the rest is
-- searched among older messages with the indexes, as before; a word that rare has few matches to
-- fetch. Results are exactly the same rows in the same order: the window's hits are newer than any
-- hit behind it, and the second step only adds hits older than the window's oldest message.
-- Same signature, filters, ranking, snippets, 1000-character cap and `before` paging as
-- 20251125124500_search_query_limit.sql.

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
  -- How many of the newest searchable messages the first step reads at most.
  window_size constant integer := 5000;
  wanted integer := least(greatest(coalesce(max_results, 20), 1), 100);
  tsq tsquery;
  patterns text[];
  found_in_window integer;
  edge_at timestamptz;
  edge_id uuid;
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

  -- Step 1: hits among the newest messages, newest first.
  return query
  with recent as (
    select m.id, m.channel_id, m.author_id, m.thread_parent_id, m.created_at, m.body, m.search_vector
    from public.messages m
    where m.workspace_id = search_messages.workspace_id
      and m.deleted_at is null
      and (search_messages.channel_id is null or m.channel_id = search_messages.channel_id)
      and (search_messages.author_id is null or m.author_id = search_messages.author_id)
      and (search_messages.before is null or m.created_at < search_messages.before)
    order by m.created_at desc, m.id desc
    limit window_size
  ), hits as (
    select r.id, r.channel_id, r.author_id, r.thread_parent_id, r.created_at, r.body,
           case when tsq is not null and r.search_vector @@ tsq then ts_rank(r.search_vector, tsq) else 0 end::real as rank
    from recent r
    where (tsq is not null and r.search_vector @@ tsq)
       or (r.body ilike patterns[1] and r.body ilike all (patterns))
    order by r.created_at desc, r.id desc
    limit wanted
  )
  select h.id, h.channel_id, h.author_id, h.thread_parent_id, h.created_at, h.body,
         private.search_snippet(h.body, query), h.rank
  from hits h
  order by h.created_at desc, h.id desc;
  get diagnostics found_in_window = row_count;
  if found_in_window >= wanted then
    return;
  end if;

  -- Step 2: a rare word. The window's oldest message; hits older than it come after the ones above.
  select r.created_at, r.id into edge_at, edge_id
  from (
    select m.created_at, m.id
    from public.messages m
    where m.workspace_id = search_messages.workspace_id
      and m.deleted_at is null
      and (search_messages.channel_id is null or m.channel_id = search_messages.channel_id)
      and (search_messages.author_id is null or m.author_id = search_messages.author_id)
      and (search_messages.before is null or m.created_at < search_messages.before)
    order by m.created_at desc, m.id desc
    limit window_size
  ) r
  order by r.created_at, r.id
  limit 1;
  if edge_id is null then
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
      and (m.created_at, m.id) < (edge_at, edge_id)
      and ((tsq is not null and m.search_vector @@ tsq)
           -- The first pattern alone lets the trigram index narrow rows; ALL checks every term.
           or (m.body ilike patterns[1] and m.body ilike all (patterns)))
    order by m.created_at desc, m.id desc
    limit wanted - found_in_window
  )
  select h.id, h.channel_id, h.author_id, h.thread_parent_id, h.created_at, h.body,
         private.search_snippet(h.body, query), h.rank
  from hits h
  order by h.created_at desc, h.id desc;
end
$$;
