-- Search reads each message at most once, in one statement, newest first.
--
-- 20251126190000_search_newest_first_window.sql walks the messages a caller may search newest
-- first in windows (5,000, then twice as many each time, up to 80,000), stopping at the wanted
-- number of hits. Two costs came with the windows:
--   * a window with too few hits was read a second time, only to find where the next window
--     starts (its oldest row) and whether it was full;
--   * so a word that is rare or absent, the search that costs the most, read its messages twice.
-- The windows were there to keep the planner from choosing a sequential scan and a sort of the
-- whole workspace on a noisy estimate of how common the word is (see 20251126190000). The
-- function's own `set enable_sort = off` (added there for small workspaces) already does that for
-- every size: with sorts disabled, the only plan left for "newest first, filtered, LIMIT n" is the
-- walk along messages_workspace_recent_idx (or messages_channel_timeline_idx with a channel), which
-- stops at the nth hit. So one statement does it: each message the caller may search is read once,
-- up to the last wanted hit.
--
-- Measured as a member at 100k messages (CPU of the PostgreSQL backend per call, 200 calls):
-- "deployment" (1 % of messages) 4.0 ms before and after; an absent word 270 → 115 ms.
--
-- `set jit = off`: a statement over the whole workspace has a large total cost when the planner
-- thinks the word is rare, above jit_above_cost at 1M messages, and compiling it would cost more
-- than the few thousand rows the walk usually reads to find a page of hits.
--
-- Same signature, filters, RLS (security invoker), ranking, snippets, 1000-character cap and
-- `before` paging as before; the same rows come out in the same order (created_at, id, newest
-- first). Neither GIN index can serve a member's search: RLS applies to messages and `@@` and
-- `ilike` are not LEAKPROOF (see 20251126190000).
--
-- (The growth bench's slow English search at 1M messages was not this function: the bench
-- measured while realtime was still reading the 1M-row load from its replication slot. The bench
-- now waits for that; bench/support/growth/bulk-load.js says why.)

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
  set enable_sort = off
  set jit = off
as $$
declare
  wanted integer := least(greatest(coalesce(max_results, 20), 1), 100);
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
      and ((tsq is not null and m.search_vector @@ tsq) or (m.body ilike patterns[1] and m.body ilike all (patterns)))
    order by m.created_at desc, m.id desc
    limit wanted
  )
  select h.id, h.channel_id, h.author_id, h.thread_parent_id, h.created_at, h.body,
         private.search_snippet(h.body, query), h.rank
  from hits h
  order by h.created_at desc, h.id desc;
end
$$;
