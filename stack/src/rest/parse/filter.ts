// Operator expressions: `[not.]op[(modifier)].value`, `in.(…)` lists and `is` values
// (PostgREST QueryParams.hs: pOpExpr, pListVal, pSingleVal).

import {
  alt,
  anyChar,
  attempt,
  between,
  bind,
  both,
  char,
  label,
  left,
  manyA,
  map,
  noneOf,
  notFollowedBy,
  optional,
  pure,
  right,
  sepBy1,
  string,
  type Parser,
} from "./combinators.ts";
import { delimiter, identifier, lexeme, quotedValue } from "./tokens.ts";
import type { FtsOperator, IsValue, Operation, QuantOperator, SimpleOperator } from "./types.ts";

export interface OpExpr {
  negated: boolean;
  operation: Operation;
}

function keyword<T extends string>(word: T): Parser<T> {
  return attempt(map(string(word), () => word));
}

// Order matters where one name prefixes another: `gte` before `gt`, `lte` before `lt`.
const simpleOperator = label(
  alt<SimpleOperator>(...(["neq", "cs", "cd", "ov", "sl", "sr", "nxr", "nxl", "adj"] as const).map(keyword)),
  "unknown single value operator",
);

const quantOperator = label(
  alt<QuantOperator>(...(["eq", "gte", "gt", "lte", "lt", "like", "ilike", "match", "imatch"] as const).map(keyword)),
  "unknown single value operator",
);

const ftsOperator = alt<FtsOperator>(...(["fts", "plfts", "phfts", "wfts"] as const).map(keyword));

/** Parsec's `ciString`: each character in its own case or upper case. */
function caseInsensitive<T extends string>(word: T): Parser<T> {
  const chars = Array.from(word);
  const step = (i: number): Parser<T> => {
    const ch = chars[i];
    if (ch === undefined) return pure(word);
    const upper = ch.toUpperCase();
    return right(alt(char(ch), char(upper)), step(i + 1));
  };
  return step(0);
}

const isValue = label(
  alt<IsValue>(...(["null", "not_null", "true", "false", "unknown"] as const).map((w) => attempt(caseInsensitive(w)))),
  "isVal: (null, not_null, true, false, unknown)",
);

/** Everything after `op.` at the top level: no separators, nothing to unquote. */
export const singleValue: Parser<string> = map(manyA(anyChar), (chars) => chars.join(""));

const listElement = alt(
  attempt(left(quotedValue, notFollowedBy(noneOf(",)")))),
  map(manyA(noneOf(",)")), (chars) => chars.join("")),
);

const listValue = left(right(lexeme(char("(")), sepBy1(listElement, char(","))), lexeme(char(")")));

function withPrefix<T>(word: string, p: Parser<T>): Parser<T> {
  return right(attempt(right(string(word), delimiter)), p);
}

function operation(value: Parser<string>): Parser<Operation> {
  const inList = map(withPrefix("in", listValue), (values): Operation => ({ operator: "in", values }));
  const is = map(withPrefix("is", isValue), (v): Operation => ({ operator: "is", value: v }));
  const isDistinct = map(withPrefix("isdistinct", value), (v): Operation => ({ operator: "isdistinct", value: v }));
  const fts = bind(ftsOperator, (operator) =>
    bind(optional(attempt(between(char("("), char(")"), identifier))), (language) =>
      right(
        delimiter,
        map(value, (v): Operation => ({ operator, ...(language === undefined ? {} : { language }), value: v })),
      ),
    ),
  );
  const simple = bind(simpleOperator, (operator) =>
    right(
      delimiter,
      map(value, (v): Operation => ({ operator, value: v })),
    ),
  );
  const modifier = attempt(
    between(
      char("("),
      char(")"),
      alt(
        attempt(map(string("any"), () => "any" as const)),
        map(string("all"), () => "all" as const),
      ),
    ),
  );
  const quantified = bind(quantOperator, (operator) =>
    bind(optional(modifier), (quantifier) =>
      right(
        delimiter,
        map(value, (v): Operation => ({ operator, ...(quantifier === undefined ? {} : { quantifier }), value: v })),
      ),
    ),
  );
  return label(
    alt(inList, is, isDistinct, attempt(fts), attempt(simple), attempt(quantified)),
    "operator (eq, gt, ...)",
  );
}

/** `[not.]operation`, with `value` deciding what a single value may contain. */
export function opExpr(value: Parser<string>): Parser<OpExpr> {
  const negation = alt(attempt(map(right(string("not"), delimiter), () => true)), pure(false));
  return both(negation, operation(value), (negated, op) => ({ negated, operation: op }));
}
