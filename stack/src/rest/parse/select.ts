// `select=`: columns, aliases, casts, JSON paths, aggregates, embeds, hints and spreads
// (PostgREST QueryParams.hs: pFieldForest, pRelationSelect, pSpreadRelationSelect, pFieldSelect).

import {
  alt,
  attempt,
  between,
  bind,
  char,
  eof,
  lazy,
  left,
  lookAhead,
  map,
  optional,
  pure,
  right,
  sepBy,
  string,
  zero,
  type Parser,
} from "./combinators.ts";
import { aliasSeparator, field, fieldName, identifier, lexeme } from "./tokens.ts";
import type { AggregateFunction, JoinType, SelectField, SelectItem } from "./types.ts";

type EmbedParam = { kind: "join"; joinType: JoinType } | { kind: "hint"; hint: string };

const embedParam: Parser<EmbedParam> = right(
  char("!"),
  alt<EmbedParam>(
    attempt(map(string("left"), () => ({ kind: "join", joinType: "left" }))),
    attempt(map(string("inner"), () => ({ kind: "join", joinType: "inner" }))),
    attempt(map(fieldName, (hint) => ({ kind: "hint", hint }))),
  ),
);

/** Up to two `!` parameters, a hint and a join type in either order; the first of each kind wins. */
const embedParams: Parser<{ hint?: string; joinType?: JoinType }> = bind(optional(embedParam), (first) =>
  map(optional(embedParam), (second) => {
    const out: { hint?: string; joinType?: JoinType } = {};
    for (const param of [first, second]) {
      if (param?.kind === "hint") out.hint ??= param.hint;
      if (param?.kind === "join") out.joinType ??= param.joinType;
    }
    return out;
  }),
);

const opensChildren = attempt(lookAhead(string("(")));

const optionalAlias = optional(attempt(left(fieldName, aliasSeparator)));

interface RelationHead {
  relation: string;
  alias?: string;
  hint?: string;
  joinType?: JoinType;
}

const relationHead: Parser<RelationHead> = lexeme(
  bind(optionalAlias, (alias) =>
    bind(fieldName, (relation) =>
      // `count` is reserved for `count()`.
      relation === "count"
        ? zero<RelationHead>()
        : bind(embedParams, (params) =>
            right(opensChildren, pure({ relation, ...(alias === undefined ? {} : { alias }), ...params })),
          ),
    ),
  ),
);

const spreadHead: Parser<RelationHead> = lexeme(
  bind(right(string("..."), fieldName), (relation) =>
    bind(embedParams, (params) => right(opensChildren, pure({ relation, ...params }))),
  ),
);

const itemEnd = alt(attempt(lookAhead(string(")"))), attempt(lookAhead(string(","))), attempt(map(eof, () => "")));

const castSuffix = optional(right(string("::"), identifier));

const aggregateFunction = alt<AggregateFunction>(
  map(string("sum"), () => "sum"),
  map(string("avg"), () => "avg"),
  map(string("count"), () => "count"),
  attempt(map(string("max"), () => "max")),
  attempt(map(string("min"), () => "min")),
);

/** A field item without the optional keys that are absent (so trees compare and serialise cleanly). */
function selectField(parts: Omit<SelectField, "kind">): SelectField {
  const item: { -readonly [K in keyof SelectField]: SelectField[K] } = { kind: "field", field: parts.field };
  if (parts.alias !== undefined) item.alias = parts.alias;
  if (parts.cast !== undefined) item.cast = parts.cast;
  if (parts.aggregate !== undefined) item.aggregate = parts.aggregate;
  if (parts.aggregateCast !== undefined) item.aggregateCast = parts.aggregateCast;
  return item;
}

const starItem = attempt(
  left(
    map(string("*"), () => selectField({ field: { name: "*", jsonPath: [] } })),
    itemEnd,
  ),
);

const countItem = attempt(
  bind(optionalAlias, (alias) =>
    right(
      string("count()"),
      bind(castSuffix, (aggregateCast) =>
        right(
          itemEnd,
          pure(selectField({ field: { name: "*", jsonPath: [] }, aggregate: "count", alias, aggregateCast })),
        ),
      ),
    ),
  ),
);

const columnItem = bind(optionalAlias, (alias) =>
  bind(field, (parsedField) =>
    bind(castSuffix, (cast) =>
      bind(optional(attempt(left(right(char("."), aggregateFunction), string("()")))), (aggregate) =>
        bind(castSuffix, (aggregateCast) =>
          right(itemEnd, pure(selectField({ field: parsedField, alias, cast, aggregate, aggregateCast }))),
        ),
      ),
    ),
  ),
);

const fieldItem: Parser<SelectItem> = lexeme(alt<SelectField>(starItem, countItem, columnItem));

const children: Parser<SelectItem[]> = lazy(() => between(char("("), char(")"), selectList));

const selectItem: Parser<SelectItem> = alt<SelectItem>(
  bind(attempt(spreadHead), (head) =>
    map(children, (items) => ({ kind: "spread" as const, ...head, children: items })),
  ),
  bind(attempt(relationHead), (head) =>
    map(children, (items) => ({ kind: "embed" as const, ...head, children: items })),
  ),
  fieldItem,
);

/** The `select` grammar: comma-separated items, nested in parentheses for embeds. */
export const selectList: Parser<SelectItem[]> = sepBy(selectItem, lexeme(char(",")));
