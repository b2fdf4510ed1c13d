-- Search cost no longer jumps with the planner's guess of how common a word is.
--
-- What we saw (growth bench): searching took 6 ms at 10k and 100k messages but 132 ms at 1M for
-- "deployment", and 116 ms at 100k (but 8 ms at 1M) for 議事録, each word being in 1 % of its
-- language's messages. Replaying the bench with auto_explain on the function's statements as a
-- member, the 100k 議事録 case was a plan flip (below); "deployment" at 1M ran the good plan in
-- 10 ms in SQL, and was slow through REST only in the first seconds after the 1M-row bulk load
-- (not a plan matter). EXPLAIN ANALYZE as a member also showed that
-- neither GIN index (search_vector, trigram) is ever used for a member: RLS applies to messages and
-- `@@` and `ilike` are not LEAKPROOF, so PostgreSQL will not evaluate them in an index before the
-- policy has passed the row. That leaves two plans, chosen from the estimated share of matches:
--   * newest first along messages_workspace_recent_idx, testing each row, stopping at the 20th hit:
--     about 20 / (share of messages that match) rows, ~2,200 here, the same at every size;
--   * a sequential scan of the whole table, then a top-20 sort: work grows with the workspace.
-- The estimate that decides is noisy. `body ilike '%word%'` is estimated from the 100 entries of
-- body's histogram, so a 1 % word is in none, one or two of them depending on ANALYZE's sample, and
-- a word the full-text parser does not split out (Japanese) has no full-text statistics to lean on.
-- At 100k, 議事録 was estimated at 35 matching rows (1,001 real) and the whole table was read; at
-- 1M a number that is in one message was estimated at 7,000 and the walk read every row (5 s).
-- Each ANALYZE can flip the choice. Not JIT (the costs stay under jit_above_cost) nor PL/pgSQL's
-- generic plan (custom plans were chosen throughout: the query's text held the tsquery's value).
--
-- The fix takes the choice away: the function walks the messages the caller may search (same
-- filters and RLS) newest first in windows, 5,000 messages first and twice as many each time after,
-- and stops as soon as it has enough hits. Each window is a subquery with a LIMIT, which keeps the
-- planner from pushing the match into it: the walk along the index is the only plan, and its cost
-- is the rows up to the last wanted hit (the work), never a sort of everything. The windows hand
-- on by the last row's (created_at, id), so the hits come out in the same order as before and no
-- row is looked at twice for a match. Results are exactly the same rows in the same order.
-- The function sets enable_sort = off for its own statements (a SET clause, as hosted PostgreSQL
-- allows), so that a window about as large as the workspace is also walked, not sorted.
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
  -- Every ORDER BY here follows an index (workspace or channel newest first). When a workspace is
  -- about the size of a window the planner would rather sort the whole of it (10k rows: a sort
  -- spilled to disk, 40 ms instead of 2); the walk along the index is never the worse plan here.
  set enable_sort = off
as $$
declare
  wanted integer := least(greatest(coalesce(max_results, 20), 1), 100);
  -- How many searchable messages the next window reads at most; doubles up to 80,000.
  window_size integer := 5000;
  tsq tsquery;
  patterns text[];
  found_so_far integer := 0;
  found_now integer;
  -- The oldest message of the windows read so far (null before the first).
  edge_at timestamptz;
  edge_id uuid;
  seen integer;
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

  loop
    return query
    with searchable as (
      select m.id, m.channel_id, m.author_id, m.thread_parent_id, m.created_at, m.body, m.search_vector
      from public.messages m
      where m.workspace_id = search_messages.workspace_id
        and m.deleted_at is null
        and (search_messages.channel_id is null or m.channel_id = search_messages.channel_id)
        and (search_messages.author_id is null or m.author_id = search_messages.author_id)
        and (search_messages.before is null or m.created_at < search_messages.before)
        and (edge_at is null or (m.created_at <= edge_at and (m.created_at < edge_at or m.id < edge_id)))
      order by m.created_at desc, m.id desc
      limit window_size
    ), hits as (
      select s.id, s.channel_id, s.author_id, s.thread_parent_id, s.created_at, s.body,
             case when tsq is not null and s.search_vector @@ tsq then ts_rank(s.search_vector, tsq) else 0 end::real as rank
      from searchable s
      where (tsq is not null and s.search_vector @@ tsq)
         or (s.body ilike patterns[1] and s.body ilike all (patterns))
      order by s.created_at desc, s.id desc
      limit wanted - found_so_far
    )
    select h.id, h.channel_id, h.author_id, h.thread_parent_id, h.created_at, h.body,
           private.search_snippet(h.body, query), h.rank
    from hits h
    order by h.created_at desc, h.id desc;
    get diagnostics found_now = row_count;
    found_so_far := found_so_far + found_now;
    exit when found_so_far >= wanted;

    -- Too few hits: the window's oldest message is where the next, larger window starts.
    select count(*)::integer, (array_agg(w.created_at order by w.created_at, w.id))[1],
           (array_agg(w.id order by w.created_at, w.id))[1]
      into seen, edge_at, edge_id
    from (
      select m.created_at, m.id
      from public.messages m
      where m.workspace_id = search_messages.workspace_id
        and m.deleted_at is null
        and (search_messages.channel_id is null or m.channel_id = search_messages.channel_id)
        and (search_messages.author_id is null or m.author_id = search_messages.author_id)
        and (search_messages.before is null or m.created_at < search_messages.before)
        and (edge_at is null or (m.created_at <= edge_at and (m.created_at < edge_at or m.id < edge_id)))
      order by m.created_at desc, m.id desc
      limit window_size
    ) w;
    exit when seen < window_size;
    window_size := least(window_size * 2, 80000);
  end loop;
end
$$;
