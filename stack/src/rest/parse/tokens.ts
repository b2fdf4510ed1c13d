// Lexical pieces shared by every query parameter: names (plain or double-quoted), JSON paths,
// fields and embed paths (PostgREST QueryParams.hs: pFieldName, pJsonPath, pField, pTreePath).

import {
  alt,
  anyChar,
  attempt,
  both,
  char,
  eof,
  label,
  left,
  lookAhead,
  manyA,
  many1,
  map,
  noneOf,
  notFollowedBy,
  oneOf,
  option,
  right,
  satisfy,
  sepBy1,
  string,
  type Parser,
} from "./combinators.ts";
import type { EmbedPath, Field, JsonStep } from "./types.ts";

// Haskell's isSpace: ASCII white space, NBSP and the Unicode space separators (not U+2028/9, U+FEFF).
const HASKELL_SPACE = "[\\t\\n\\v\\f\\r \\u00a0\\u1680\\u2000-\\u200a\\u202f\\u205f\\u3000]";
const STRIP = new RegExp(`^${HASKELL_SPACE}+|${HASKELL_SPACE}+$`, "gu");

/** Haskell's Data.Text.strip. */
export function stripText(text: string): string {
  return text.replace(STRIP, "");
}

const LETTER = /^\p{L}$/u;

const isLetter = (ch: string) =>
  (ch >= "a" && ch <= "z") || (ch >= "A" && ch <= "Z") || (ch > "\u007f" && LETTER.test(ch));

export const letter = label(satisfy(isLetter), "letter");
export const digit = label(
  satisfy((ch) => ch >= "0" && ch <= "9"),
  "digit",
);

const whitespace = manyA(oneOf(" \t"));

/** Skips spaces and tabs around `p`. */
export function lexeme<T>(p: Parser<T>): Parser<T> {
  return left(right(whitespace, p), whitespace);
}

export const delimiter = label(char("."), "delimiter (.)");

/** `"…"` with backslash escaping the next character. */
export const quotedValue: Parser<string> = map(
  left(right(char('"'), manyA(alt(noneOf('\\"'), right(char("\\"), anyChar)))), char('"')),
  (chars) => chars.join(""),
);

const identifierChar = alt(letter, digit, oneOf("_ $"));

/** Letters, digits, `_`, `$` and spaces, trimmed; also the grammar of casts. */
export const identifier: Parser<string> = map(many1(identifierChar), (chars) => stripText(chars.join("")));

/** A `-` that does not start `->`. */
const dash = map(attempt(right(char("-"), notFollowedBy(char(">")))), () => "-");

function dashSeparated(part: Parser<string>): Parser<string> {
  return map(sepBy1(part, dash), (parts) => parts.join("-"));
}

export const fieldName: Parser<string> = label(
  alt(quotedValue, dashSeparated(identifier)),
  "field name (* or [a..z0..9_$])",
);

const jsonKeyIdentifier = map(many1(noneOf("(-:.,>)")), (chars) => stripText(chars.join("")));

const jsonKeyName = label(
  alt(quotedValue, dashSeparated(jsonKeyIdentifier)),
  "any non reserved character different from: .,>()",
);

const jsonIndexEnd = alt(
  attempt(lookAhead(string("->"))),
  attempt(lookAhead(string("::"))),
  attempt(lookAhead(string("."))),
  attempt(lookAhead(string(","))),
  attempt(map(eof, () => "")),
);

const jsonIndex = left(
  both(option("", char("-")), many1(digit), (sign, digits) => sign + digits.join("")),
  jsonIndexEnd,
);

const jsonArrow = alt<JsonStep["arrow"]>(
  attempt(map(string("->>"), () => "->>" as const)),
  attempt(map(string("->"), () => "->" as const)),
);

const jsonOperand = alt<JsonStep["operand"]>(
  attempt(map(jsonIndex, (value) => ({ kind: "index" as const, value }))),
  attempt(map(jsonKeyName, (value) => ({ kind: "key" as const, value }))),
);

export const jsonPath: Parser<JsonStep[]> = manyA(
  both(jsonArrow, jsonOperand, (arrow, operand) => ({ arrow, operand })),
);

/** A name with an optional JSON path, spaces around it allowed. */
export const field: Parser<Field> = lexeme(
  both(fieldName, option([], jsonPath), (name, path) => ({ name, jsonPath: path })),
);

/** `:` that is not the start of `::`. */
export const aliasSeparator = right(char(":"), notFollowedBy(char(":")));

/** The key of a filter, order or range parameter: `embed.path.column->json`. */
export const treePath: Parser<{ path: EmbedPath; field: Field }> = both(
  sepBy1(fieldName, delimiter),
  option([], jsonPath),
  (names, path) => ({ path: names.slice(0, -1), field: { name: names[names.length - 1] ?? "", jsonPath: path } }),
);

/** `a, b, "c d"` for `columns` and `on_conflict`. */
export const columnList: Parser<string[]> = sepBy1(fieldName, lexeme(char(",")));
