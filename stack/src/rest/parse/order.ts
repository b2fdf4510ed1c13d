// `order=col->json.desc.nullslast,rel(col).asc` (PostgREST QueryParams.hs: pOrder).

import {
  alt,
  attempt,
  between,
  bind,
  char,
  eof,
  left,
  lookAhead,
  map,
  optional,
  right,
  sepBy1,
  string,
  type Parser,
} from "./combinators.ts";
import { delimiter, field, fieldName, lexeme } from "./tokens.ts";
import type { Field, OrderTerm } from "./types.ts";

type Direction = "asc" | "desc";
type Nulls = "first" | "last";

function dotted<T>(word: string, value: T): Parser<T> {
  return attempt(
    right(
      delimiter,
      map(string(word), () => value),
    ),
  );
}

const direction = alt<Direction>(dotted("asc", "asc"), dotted("desc", "desc"));
const nulls = alt<Nulls>(dotted("nullsfirst", "first"), dotted("nullslast", "last"));

const termEnd = alt(attempt(lookAhead(char(","))), attempt(map(eof, () => "")));

/** `[.asc|.desc][.nullsfirst|.nullslast]` followed by `,` or the end. */
const modifiers: Parser<{ direction?: Direction; nulls?: Nulls }> = bind(optional(direction), (dir) =>
  map(
    alt<Nulls | undefined>(
      left(optional(nulls), termEnd),
      map(termEnd, () => undefined),
    ),
    (nullsOrder) => ({
      ...(dir === undefined ? {} : { direction: dir }),
      ...(nullsOrder === undefined ? {} : { nulls: nullsOrder }),
    }),
  ),
);

const fieldTerm: Parser<OrderTerm> = bind(field, (parsedField) =>
  map(modifiers, (mods): OrderTerm => ({ kind: "field", field: parsedField, ...mods })),
);

const relationTerm: Parser<OrderTerm> = bind(fieldName, (relation) =>
  bind(between(char("("), char(")"), field), (parsedField: Field) =>
    map(modifiers, (mods): OrderTerm => ({ kind: "relation", relation, field: parsedField, ...mods })),
  ),
);

/** The `order` grammar: comma-separated terms. */
export const orderTerms: Parser<OrderTerm[]> = sepBy1(lexeme(alt(attempt(relationTerm), fieldTerm)), char(","));
