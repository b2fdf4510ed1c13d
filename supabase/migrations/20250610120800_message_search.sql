-- Message search in every language the app speaks (en, de, fr, es, ja, ar), with what a stock
-- PostgreSQL 17 (and hosted Supabase) has:
--   * full-text search over one tsvector holding the words as written (`simple`: any script,
--     lower-cased) plus the stems of each stemmed language we support, so "Katzen" finds "Katze"
--     and "الكتاب" finds "كتاب" without knowing a message's language;
--   * a case-insensitive substring match, accelerated by a trigram index, for scripts without
--     spaces between words (Japanese is one `simple` token per run of text) and partial words.

alter table public.messages add column search_vector tsvector generated always as (
  to_tsvector('simple'::regconfig, body)
  || to_tsvector('english'::regconfig, body)
  || to_tsvector('german'::regconfig, body)
  || to_tsvector('french'::regconfig, body)
  || to_tsvector('spanish'::regconfig, body)
  || to_tsvector('arabic'::regconfig, body)
) stored;
comment on column public.messages.search_vector is 'Words (simple) and en/de/fr/es/ar stems of body, for search_messages.';

create index messages_search_vector_idx on public.messages using gin (search_vector);
create index messages_body_trgm_idx on public.messages using gin (body extensions.gin_trgm_ops);
-- Results come newest first within a workspace.
create index messages_workspace_recent_idx on public.messages (workspace_id, created_at desc, id desc);

-- The configurations a query is parsed with; the order is the order tried for highlighting.
create or replace function private.search_configs() returns regconfig[]
  language sql immutable set search_path = ''
as $$ select array['simple', 'english', 'german', 'french', 'spanish', 'arabic']::regconfig[] $$;

/** A query as one tsquery: its words in every configuration, OR-ed. */
create or replace function private.search_tsquery(query text) returns tsquery
  language plpgsql immutable set search_path = ''
as $$
declare
  cfg regconfig;
  combined tsquery;
  part tsquery;
begin
  foreach cfg in array private.search_configs() loop
    part := websearch_to_tsquery(cfg, query);
    if numnode(part) > 0 then
      combined := case when combined is null then part else combined || part end;
    end if;
  end loop;
  return combined;
end
$$;

/** The whitespace-separated terms of a query, each as an ILIKE pattern with wildcards escaped. */
create or replace function private.search_patterns(query text) returns text[]
  language sql immutable set search_path = ''
as $$
  select coalesce(array_agg('%' || regexp_replace(term, '([\\%_])', '\\\1', 'g') || '%'), '{}')
  from regexp_split_to_table(trim(query), '\s+') as term
  where term <> ''
$$;

create or replace function private.escape_html(value text) returns text
  language sql immutable set search_path = ''
as $$
  select replace(replace(replace(replace(replace(value, '&', '&amp;'), '<', '&lt;'), '>', '&gt;'), '"', '&quot;'), '''', '&#39;')
$$;

/**
 * An HTML-safe excerpt of a message with the matched words in <mark>…</mark>: the body is
 * escaped first, so the only markup in the result is <mark>. Word matches use ts_headline in the
 * configuration that matched; substring matches (Japanese, partial words) mark each term.
 */
create or replace function private.search_snippet(body text, query text) returns text
  language plpgsql immutable set search_path = ''
as $$
declare
  cfg regconfig;
  tsq tsquery;
  terms text[];
  first_hit integer;
  start_at integer;
  excerpt text;
  alternatives text;
begin
  foreach cfg in array private.search_configs() loop
    tsq := websearch_to_tsquery(cfg, query);
    if numnode(tsq) > 0 and to_tsvector(cfg, body) @@ tsq then
      return ts_headline(cfg, private.escape_html(body), tsq,
        'StartSel=<mark>, StopSel=</mark>, MaxWords=30, MinWords=10, ShortWord=1, MaxFragments=2, FragmentDelimiter=" … "');
    end if;
  end loop;

  terms := array(select t from regexp_split_to_table(trim(query), '\s+') as t where t <> '');
  select min(p) into first_hit from (select strpos(lower(body), lower(t)) as p from unnest(terms) as t) as hits where p > 0;
  start_at := greatest(1, coalesce(first_hit, 1) - 40);
  excerpt := substr(body, start_at, 200);
  excerpt := case when start_at > 1 then '… ' else '' end || private.escape_html(excerpt)
          || case when char_length(body) >= start_at + 200 then ' …' else '' end;
  select string_agg(regexp_replace(private.escape_html(t), '([.^$*+?()\[\]{}|\\])', '\\\1', 'g'), '|' order by char_length(t) desc)
    into alternatives from unnest(terms) as t;
  if alternatives is null then
    return excerpt;
  end if;
  return regexp_replace(excerpt, '(' || alternatives || ')', '<mark>\1</mark>', 'gi');
end
$$;

grant execute on function private.search_configs(), private.search_tsquery(text), private.search_patterns(text),
  private.escape_html(text), private.search_snippet(text, text) to anon, authenticated, service_role;

-- A result row (a type rather than OUT parameters, whose names would clash with the filters').
create type public.message_search_hit as (
  id uuid,
  channel_id uuid,
  author_id uuid,
  thread_parent_id uuid,
  created_at timestamptz,
  body text,
  snippet text,
  rank real
);

/**
 * Searches a workspace's messages, newest first, as the caller: security invoker, so RLS on
 * messages decides (private channels only for their members). Pages with `before` = the last
 * result's created_at. The result's snippet is HTML-safe (only <mark> tags).
 * @example supabase.rpc('search_messages', { workspace_id, query: '会議', channel_id: null, max_results: 20 })
 */
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
  tsq tsquery := private.search_tsquery(query);
  patterns text[] := private.search_patterns(query);
begin
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

revoke execute on function public.search_messages(uuid, text, uuid, uuid, integer, timestamptz) from public, anon;
grant execute on function public.search_messages(uuid, text, uuid, uuid, integer, timestamptz) to authenticated, service_role;
