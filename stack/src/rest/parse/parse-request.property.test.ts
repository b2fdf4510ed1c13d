// Whatever arrives in a URL or a header, parsing answers with a tree or a typed PGRST1xx error:
// it never throws, never loops, and the same input always gives the same answer.

import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { parseQuery, type ParseContext, type ParseResult } from "./parse-request.ts";
import { parseQueryString } from "./query-string.ts";

const STATUS_BY_CODE: Readonly<Record<string, number>> = {
  PGRST100: 400,
  PGRST103: 416,
  PGRST106: 406,
  PGRST114: 400,
};

const GRAMMAR_PIECES = [
  ...'abcxyz019_$ \t\n.,:()!"\\-><*{}[]=&;+%#é§😀',
  "eq.",
  "not.",
  "or",
  "and",
  "in.",
  "is.",
  "null",
  "like(any).",
  "fts(english).",
  "select",
  "order",
  "limit",
  "offset",
  "columns",
  "on_conflict",
  "->",
  "->>",
  "::",
  "...",
  "!inner",
  "!left",
  ".desc",
  ".nullsfirst",
  "count()",
  ".sum()",
  "apikey",
  "%2C",
  "%28",
  "%22",
  "%",
  "%zz",
];

const fragment = fc.array(fc.constantFrom(...GRAMMAR_PIECES), { maxLength: 40 }).map((pieces) => pieces.join(""));

/** Valid requests of every kind, to be mutated. */
const SEEDS = [
  "select=id,author:users!fk!inner(name,avatar->>url::text),...channels(*),count()&id=gt.10&order=id.desc.nullslast",
  'select=*,roles(character,films(title))&roles.character=in.(A,"B,C")&roles.order=id&roles.limit=2&roles.offset=1',
  "or=(age.eq.14,not.and(age.gte.11,age.lte.17))&rel.not.or=(a.is.null,b.cs.{x,y})&limit=5&offset=10",
  'body=wfts(english).cat+%26+dog&tags=cs.{a,b}&meta=cd.{"k":1}&name=like(all).{a*,b*}&x=not.is.null',
  'columns="a","b c"&on_conflict=id,tenant&select=amount::int.sum()::text,day',
  'order=clients(data->key).desc.nullsfirst,name&data->0->>-1=eq.1&"a.b"=isdistinct.2',
];

const mutation = fc.record({
  at: fc.nat(),
  kind: fc.constantFrom("insert", "delete", "replace"),
  piece: fc.constantFrom(...GRAMMAR_PIECES),
});

const mutatedQuery = fc.tuple(fc.constantFrom(...SEEDS), fc.array(mutation, { maxLength: 6 })).map(([seed, edits]) =>
  edits.reduce((text, { at, kind, piece }) => {
    const i = text.length === 0 ? 0 : at % text.length;
    if (kind === "insert") return text.slice(0, i) + piece + text.slice(i);
    if (kind === "delete") return text.slice(0, i) + text.slice(i + 1 + (at % 3));
    return text.slice(0, i) + piece + text.slice(i + 1);
  }, seed),
);

const arbitraryQuery = fc
  .array(
    fc.tuple(
      fc.oneof(
        fc.constantFrom(
          "select",
          "order",
          "or",
          "not.or",
          "rel.and",
          "limit",
          "rel.offset",
          "columns",
          "on_conflict",
          "apikey",
          "id",
        ),
        fragment,
      ),
      fragment,
    ),
    { maxLength: 6 },
  )
  .map((pairs) => pairs.map(([k, v]) => `${k}=${v}`).join("&"));

const headers = fc.record(
  {
    prefer: fragment,
    range: fc.oneof(fragment, fc.constantFrom("0-9", "5-", "9-1", "bytes=0-1")),
    accept: fc.oneof(fragment, fc.constantFrom("application/vnd.pgrst.object+json", "text/csv;q=0.5, */*")),
    "accept-profile": fc.constantFrom("public", "private", "é"),
    "content-profile": fc.constantFrom("public", "private"),
    "content-type": fragment,
  },
  { requiredKeys: [] },
);

const context: fc.Arbitrary<ParseContext> = fc.record({
  method: fc.constantFrom("GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"),
  target: fc.constantFrom("relation", "rpc", "root"),
  schemas: fc.constantFrom(undefined, ["public"]),
});

function expectWellFormed(result: ParseResult): void {
  if (result.ok) {
    // The tree is plain data: it survives JSON (no bigint, no functions, no cycles).
    expect(JSON.parse(JSON.stringify(result.value))).toEqual(result.value);
    return;
  }
  const { error } = result;
  expect(STATUS_BY_CODE[error.code]).toBe(error.status);
  expect(typeof error.message).toBe("string");
  expect(error.details === null || typeof error.details === "string").toBe(true);
  expect(error.hint === null || typeof error.hint === "string").toBe(true);
  if (error.code === "PGRST100") {
    expect(error.message).toMatch(/^"failed to parse [^]*" \(line \d+, column \d+\)$/);
  }
}

function parseBoth(query: string, hdrs: Record<string, string>, ctx: ParseContext): void {
  const first = parseQuery(parseQueryString(query), hdrs, ctx);
  expectWellFormed(first);
  expect(parseQuery(parseQueryString(query), hdrs, ctx)).toEqual(first);
  expectWellFormed(parseQuery(new URLSearchParams(query), hdrs, ctx));
}

// Thousands of parses per property: allow for a busy machine rather than Vitest's 5 s default.
const PROPERTY_TIMEOUT = 60_000;

describe("parseQuery on arbitrary input", { timeout: PROPERTY_TIMEOUT }, () => {
  it("answers a tree or a typed error for mutated valid requests", () => {
    fc.assert(
      fc.property(mutatedQuery, headers, context, (query, hdrs, ctx) => parseBoth(query, hdrs, ctx)),
      { numRuns: 1000 },
    );
  });

  it("answers a tree or a typed error for arbitrary parameters", () => {
    fc.assert(
      fc.property(arbitraryQuery, headers, context, (query, hdrs, ctx) => parseBoth(query, hdrs, ctx)),
      { numRuns: 1000 },
    );
  });

  it("answers a tree or a typed error for any string at all", () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 200 }), fc.string({ maxLength: 60 }), (query, prefer) =>
        parseBoth(query, { prefer, range: prefer, accept: prefer }, {}),
      ),
      { numRuns: 1000 },
    );
  });

  it("parses every seed", () => {
    for (const seed of SEEDS) expect(parseQuery(parseQueryString(seed)).ok).toBe(true);
  });
});
