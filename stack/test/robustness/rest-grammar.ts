// fast-check arbitraries for the PostgREST URL grammar: select clauses with
// casts, json paths, aggregates and embedded resources; horizontal filters with every operator and
// modifier, logic trees, order, limit/offset, on_conflict, columns; and the Prefer/Range/Accept
// headers. Most generated requests are well-formed enough to reach the planner, so the fuzzer
// exercises deep code rather than the first parse error.
import fc from "fast-check";

const NOTE_COLUMNS = ["id", "author_id", "slug", "body", "n", "during", "created_at", "*"];
const AUTHOR_COLUMNS = ["id", "name", "data", "tags", "*"];
const OPERATORS = [
  "eq",
  "neq",
  "gt",
  "gte",
  "lt",
  "lte",
  "like",
  "ilike",
  "match",
  "imatch",
  "in",
  "is",
  "isdistinct",
  "fts",
  "plfts",
  "phfts",
  "wfts",
  "fts(english)",
  "cs",
  "cd",
  "ov",
  "sl",
  "sr",
  "nxr",
  "nxl",
  "adj",
  "eq(any)",
  "like(all)",
  "bogus",
];
const CASTS = ["text", "int", "json", "bigint", "numeric", "bogus_type", "text[]"];

/** Values a filter might carry: typical literals, lists, ranges, and arbitrary text. */
export const filterValue = fc.oneof(
  fc.constantFrom(
    "1",
    "-1",
    "0",
    "null",
    "true",
    "false",
    "not_null",
    "unknown",
    "*a*",
    "hello",
    "(1,2,3)",
    '("a,b",c)',
    "{dev,ops}",
    "[1,5)",
    "(,)",
    "{}",
    "",
    "'",
    '"',
    "\\",
    "1e999",
    "9223372036854775808",
  ),
  fc.integer().map(String),
  fc.string({ maxLength: 12 }),
);

// Mostly real columns, so most requests get past the parser into planning and execution.
const noteColumn = fc.oneof(
  { weight: 9, arbitrary: fc.constantFrom(...NOTE_COLUMNS) },
  { weight: 1, arbitrary: fc.constantFrom("missing", "", "ID") },
);
const authorColumn = fc.oneof(
  { weight: 9, arbitrary: fc.constantFrom(...AUTHOR_COLUMNS) },
  { weight: 1, arbitrary: fc.constantFrom("nope", "") },
);

const selectLeaf = fc.oneof(
  { weight: 6, arbitrary: noteColumn },
  { weight: 1, arbitrary: fc.tuple(noteColumn, fc.constantFrom(...CASTS)).map(([c, t]) => `${c}::${t}`) },
  {
    weight: 1,
    arbitrary: fc.tuple(fc.constantFrom("alias", "x", "1bad", "ok_name"), noteColumn).map(([a, c]) => `${a}:${c}`),
  },
  {
    weight: 1,
    arbitrary: fc.constantFrom("count()", "n.sum()", "n.avg()", "id.max()", "body.min()::text", "n.bogus()"),
  },
);

const embedName = fc.oneof(
  {
    weight: 4,
    arbitrary: fc.constantFrom(
      "authors",
      "authors!inner",
      "authors!left",
      "authors!notes_author_id_fkey",
      "authors!author_id",
      "...authors",
      "author_id",
    ),
  },
  { weight: 1, arbitrary: fc.constantFrom("missing_table", "notes") },
);

/** A select clause, nesting embedded resources up to two levels. */
export const selectClause: fc.Arbitrary<string> = fc.letrec<{ clause: string; embed: string }>((tie) => ({
  clause: fc
    .array(fc.oneof({ weight: 3, arbitrary: selectLeaf }, { weight: 1, arbitrary: tie("embed") }), {
      minLength: 1,
      maxLength: 4,
    })
    .map((items) => items.join(",")),
  embed: fc
    .tuple(
      embedName,
      fc.array(
        fc.oneof(
          { weight: 4, arbitrary: authorColumn },
          { weight: 1, arbitrary: fc.constantFrom("data->>city", "data->city::text", "notes(id)", "count()") },
        ),
        { minLength: 1, maxLength: 3 },
      ),
    )
    .map(([name, columns]) => `${name}(${columns.join(",")})`),
})).clause;

const filterColumn = fc.oneof(noteColumn, fc.constantFrom("authors.name", "authors.data->>city", "body->>x", "tags"));
const operator = fc.tuple(fc.boolean(), fc.constantFrom(...OPERATORS)).map(([not, op]) => (not ? `not.${op}` : op));

/** Well-typed conditions (column, operator, value) that PostgREST runs rather than refuses. */
const TYPED_CONDITIONS: [string, string, string][] = [
  ["id", "eq", "1"],
  ["n", "gt", "0"],
  ["n", "lte", "5"],
  ["slug", "like", "*f*"],
  ["body", "ilike", "*O*"],
  ["n", "in", "(1,2)"],
  ["body", "is", "null"],
  ["during", "ov", "[1,5)"],
  ["during", "sl", "[10,20)"],
  ["slug", "neq", "x"],
  ["created_at", "lt", "2100-01-01"],
  ["authors.name", "eq", "ada"],
  ["body", "fts", "hello"],
  ["slug", "match", "^f"],
  ["n", "isdistinct", "2"],
];
const typedCondition = fc
  .tuple(fc.constantFrom(...TYPED_CONDITIONS), fc.boolean())
  .map(([[c, op, v], not]) => [c, not ? `not.${op}` : op, v] as const);

/** One `column=op.value` filter, URL-encoded where a client would encode it: mostly well-typed, sometimes anything. */
export const filter = fc
  .oneof(
    { weight: 3, arbitrary: typedCondition },
    { weight: 1, arbitrary: fc.tuple(filterColumn, operator, filterValue) },
  )
  .map(([c, op, v]) => `${encodeURIComponent(c)}=${op}.${encodeURIComponent(v)}`);

/** A logic tree `or=(…)` / `and=(…)` with nested conditions. */
export const logicTree: fc.Arbitrary<string> = fc
  .letrec<{ tree: string; cond: string }>((tie) => ({
    tree: fc
      .tuple(fc.constantFrom("or", "and", "not.or", "not.and"), fc.array(tie("cond"), { minLength: 1, maxLength: 3 }))
      .map(([kind, conds]) => `${kind}(${conds.join(",")})`),
    cond: fc.oneof(
      { weight: 3, arbitrary: typedCondition.filter(([c]) => !c.includes(".")).map(([c, op, v]) => `${c}.${op}.${v}`) },
      {
        weight: 1,
        arbitrary: fc
          .tuple(noteColumn, operator, fc.constantFrom("1", "a", "null", "(1,2)", "*x*"))
          .map(([c, op, v]) => `${c}.${op}.${v}`),
      },
      { weight: 1, arbitrary: tie("tree") },
    ),
  }))
  .tree.map((tree) => {
    const [kind, rest] = [tree.slice(0, tree.indexOf("(")), tree.slice(tree.indexOf("("))];
    return `${kind}=${encodeURIComponent(rest)}`;
  });

const order = fc
  .array(
    fc.tuple(
      fc.oneof(noteColumn, fc.constantFrom("authors(name)", "data->>city")),
      fc.constantFrom("", ".asc", ".desc", ".desc.nullslast", ".nullsfirst", ".sideways"),
    ),
    { minLength: 1, maxLength: 3 },
  )
  .map((parts) => `order=${parts.map(([c, d]) => c + d).join(",")}`);

const paging = fc.oneof(
  { weight: 2, arbitrary: fc.integer({ min: -1, max: 2000 }).map((n) => `limit=${n}`) },
  { weight: 2, arbitrary: fc.integer({ min: -1, max: 2000 }).map((n) => `offset=${n}`) },
  {
    weight: 1,
    arbitrary: fc.constantFrom(
      "limit=abc",
      "offset=1e3",
      "limit=99999999999999999999",
      "authors.limit=1",
      "authors.order=name.desc",
    ),
  },
);

const writeParams = fc.oneof(
  fc.constantFrom(
    "on_conflict=slug",
    "on_conflict=id",
    "on_conflict=body",
    "on_conflict=missing",
    "on_conflict=",
    "on_conflict=slug,id",
  ),
  fc.constantFrom("columns=slug,body", "columns=missing", "columns=", 'columns="slug"'),
);

/** A query string built from grammar pieces (and occasionally none). */
export const queryString = fc
  .tuple(
    fc.option(
      selectClause.map((s) => `select=${encodeURIComponent(s)}`),
      { nil: undefined },
    ),
    fc.array(
      fc.oneof(
        { weight: 3, arbitrary: filter },
        { weight: 1, arbitrary: logicTree },
        { weight: 2, arbitrary: order },
        { weight: 2, arbitrary: paging },
        { weight: 1, arbitrary: writeParams },
      ),
      { maxLength: 3 },
    ),
  )
  .map(([select, rest]) => [select, ...rest].filter((part) => part !== undefined).join("&"));

const PREFER = [
  "return=representation",
  "return=minimal",
  "return=headers-only",
  "return=bogus",
  "count=exact",
  "count=planned",
  "count=estimated",
  "resolution=merge-duplicates",
  "resolution=ignore-duplicates",
  "missing=default",
  "handling=strict",
  "handling=lenient",
  "tx=rollback",
  "tx=commit",
  "max-affected=1",
  "max-affected=-1",
  "timezone=Europe/Berlin",
  "timezone=Not/AZone",
  "params=single-object",
  "garbage",
  "count=exact, count=planned",
];

/** Request headers PostgREST reads: Prefer, Range, Accept, Content-Type (often none at all). */
export const restHeaders = fc.oneof(
  { weight: 1, arbitrary: fc.constant({}) },
  {
    weight: 2,
    arbitrary: fc.record(
      {
        prefer: fc.array(fc.constantFrom(...PREFER), { minLength: 1, maxLength: 3 }).map((p) => p.join(", ")),
        range: fc.oneof(
          fc.tuple(fc.integer({ min: -3, max: 50 }), fc.integer({ min: -3, max: 50 })).map(([a, b]) => `${a}-${b}`),
          fc.constantFrom("0-", "abc", "5-2", "-", "0-99999999999999999999"),
        ),
        "range-unit": fc.constantFrom("items", "bytes", "x"),
        accept: fc.constantFrom(
          "application/json",
          "application/vnd.pgrst.object+json",
          "application/vnd.pgrst.object+json;nulls=stripped",
          "text/csv",
          "application/geo+json",
          "application/openapi+json",
          "text/plain",
          "*/*",
          "x/y",
        ),
        "content-type": fc.constantFrom(
          "application/json",
          "text/csv",
          "application/x-www-form-urlencoded",
          "text/plain",
          "application/octet-stream",
          "x/y",
        ),
      },
      { requiredKeys: [] },
    ),
  },
) as fc.Arbitrary<Partial<Record<"prefer" | "range" | "range-unit" | "accept" | "content-type", string>>>;

/** A request body: JSON rows (often matching the table), arbitrary JSON, or raw bytes. */
export const restBody = fc.oneof(
  fc
    .array(
      fc.record(
        {
          slug: fc.string({ maxLength: 6 }),
          body: fc.oneof(fc.string({ maxLength: 8 }), fc.constant(null)),
          n: fc.oneof(fc.integer(), fc.string({ maxLength: 3 })),
        },
        { requiredKeys: [] },
      ),
      { maxLength: 3 },
    )
    .map((rows) => JSON.stringify(rows)),
  fc.json({ maxDepth: 3 }),
  fc.uint8Array({ maxLength: 64 }).map((bytes) => Buffer.from(bytes)),
  fc.constantFrom("", "{", "[1,2", "slug,body\na,b", "a=1&b=2"),
);

export const restPath = fc.constantFrom("/notes", "/authors", "/missing", "/rpc/missing", "/notes/extra", "/");
export const restMethod = fc.constantFrom("GET", "HEAD", "POST", "PATCH", "PUT", "DELETE", "OPTIONS");
