// Logic trees: `or=(a.eq.1,not.and(b.gt.2,c.is.null))` and the keys that carry them
// (PostgREST QueryParams.hs: pLogicTree, pLogicSingleVal, pLogicPath).

import {
  alt,
  attempt,
  bind,
  both,
  char,
  label,
  lazy,
  left,
  manyA,
  map,
  noneOf,
  notFollowedBy,
  pure,
  right,
  sepBy1,
  string,
  type Parser,
} from "./combinators.ts";
import { opExpr } from "./filter.ts";
import { delimiter, field, fieldName, lexeme, quotedValue } from "./tokens.ts";
import type { EmbedPath, LogicTree } from "./types.ts";

/** A `{…}` array literal may hold commas; it is kept with its braces. */
const arrayLiteral = bind(string("{"), (open) =>
  bind(manyA(noneOf("{}")), (body) => map(string("}"), (close) => open + body.join("") + close)),
);

/** A value inside a tree: quoted, an array literal, or plain text up to `,` or `)`. */
const logicValue: Parser<string> = alt(
  attempt(left(quotedValue, notFollowedBy(noneOf(",)")))),
  attempt(arrayLiteral),
  map(manyA(noneOf(",)")), (chars) => chars.join("")),
);

const memberFilter: Parser<LogicTree> = both(left(field, delimiter), opExpr(logicValue), (parsedField, expr) => ({
  kind: "filter",
  filter: { field: parsedField, negated: expr.negated, operation: expr.operation },
}));

const negation = label(
  alt(attempt(map(right(string("not"), delimiter), () => true)), pure(false)),
  "negation operator (not)",
);

const logicOperator = label(
  alt<"and" | "or">(
    attempt(map(string("and"), () => "and" as const)),
    map(string("or"), () => "or" as const),
  ),
  "logic operator (and, or)",
);

/** The tree grammar, parsed over `op(…)` (the key's operator glued to the value). */
export const logicTree: Parser<LogicTree> = lazy(() =>
  alt(
    attempt(memberFilter),
    bind(negation, (negated) =>
      bind(logicOperator, (operator) =>
        map(
          left(right(lexeme(char("(")), sepBy1(logicTree, lexeme(char(",")))), lexeme(char(")"))),
          (children): LogicTree => ({ kind: "expr", negated, operator, children }),
        ),
      ),
    ),
  ),
);

/**
 * The key of a logic parameter: `[embed.…][not.]or|and`. Any `not` segment negates; the other
 * segments before the operator form the embed path.
 */
export const logicPath: Parser<{ path: EmbedPath; operator: string }> = map(sepBy1(fieldName, delimiter), (names) => {
  const last = names[names.length - 1] ?? "";
  const negated = names.includes("not");
  return {
    path: names.slice(0, -1).filter((name) => name !== "not"),
    operator: negated ? `not.${last}` : last,
  };
});
