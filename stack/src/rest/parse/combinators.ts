// A small parser-combinator core with Parsec 3.1.16's semantics (consumed/empty replies, `try`,
// error merging, labels), so that the grammar files can state PostgREST's grammar and get the same
// accepted language and the same error texts. Replies are plain values: nothing here throws, and
// repetition is iterative so long values cannot exhaust the stack.

import {
  MessageKind,
  advancePos,
  errorWith,
  isUnknown,
  mergeErrors,
  setMessage,
  unknownError,
  type ParseError,
  type Pos,
} from "./parse-error.ts";
import { showHaskellChar, showHaskellString } from "./haskell-show.ts";

export interface State {
  /** The input split into code points (Parsec's Char is a code point). */
  readonly text: readonly string[];
  readonly index: number;
  readonly pos: Pos;
}

export type Reply<T> =
  | {
      readonly ok: true;
      readonly consumed: boolean;
      readonly value: T;
      readonly state: State;
      readonly error: ParseError;
    }
  | { readonly ok: false; readonly consumed: boolean; readonly error: ParseError };

export type Parser<T> = (state: State) => Reply<T>;

export function initialState(input: string): State {
  return { text: Array.from(input), index: 0, pos: { line: 1, column: 1 } };
}

/** Runs a parser over a whole string, returning its value or Parsec's final error. */
export function runParser<T>(
  parser: Parser<T>,
  input: string,
): { ok: true; value: T } | { ok: false; error: ParseError } {
  const reply = parser(initialState(input));
  return reply.ok ? { ok: true, value: reply.value } : { ok: false, error: reply.error };
}

function success<T>(consumed: boolean, value: T, state: State, error: ParseError): Reply<T> {
  return { ok: true, consumed, value, state, error };
}

function failure<T>(consumed: boolean, error: ParseError): Reply<T> {
  return { ok: false, consumed, error };
}

export function pure<T>(value: T): Parser<T> {
  return (s) => success(false, value, s, unknownError(s.pos));
}

/** `mzero` / `guard False`: fails without consuming and without a message. */
export function zero<T>(): Parser<T> {
  return (s) => failure(false, unknownError(s.pos));
}

export function unexpected<T>(text: string): Parser<T> {
  return (s) => failure(false, errorWith(s.pos, MessageKind.Unexpect, text));
}

/** Parsec's monadic bind, including how the first parser's error merges into the second's. */
export function bind<A, B>(p: Parser<A>, k: (value: A) => Parser<B>): Parser<B> {
  return (s) => {
    const first = p(s);
    if (!first.ok) return first;
    const second = k(first.value)(first.state);
    if (second.consumed) return second;
    const error = isUnknown(first.error) ? second.error : mergeErrors(first.error, second.error);
    const consumed = first.consumed;
    return second.ok ? success(consumed, second.value, second.state, error) : failure(consumed, error);
  };
}

export function map<A, B>(p: Parser<A>, f: (value: A) => B): Parser<B> {
  return (s) => {
    const reply = p(s);
    return reply.ok ? success(reply.consumed, f(reply.value), reply.state, reply.error) : reply;
  };
}

/** `p *> q` */
export function right<A, B>(p: Parser<A>, q: Parser<B>): Parser<B> {
  return bind(p, () => q);
}

/** `p <* q` */
export function left<A, B>(p: Parser<A>, q: Parser<B>): Parser<A> {
  return bind(p, (a) => bind(q, () => pure(a)));
}

/** `f <$> p <*> q` */
export function both<A, B, C>(p: Parser<A>, q: Parser<B>, f: (a: A, b: B) => C): Parser<C> {
  return bind(p, (a) => bind(q, (b) => pure(f(a, b))));
}

/** Left-associated `<|>`: a later alternative runs only when the earlier ones failed empty. */
export function alt<T>(...parsers: readonly Parser<T>[]): Parser<T> {
  return (s) => {
    let error: ParseError | undefined;
    for (const p of parsers) {
      const reply = p(s);
      if (reply.consumed) return reply;
      const merged = error === undefined ? reply.error : mergeErrors(error, reply.error);
      if (reply.ok) return success(false, reply.value, reply.state, merged);
      error = merged;
    }
    return failure(false, error ?? unknownError(s.pos));
  };
}

export function attempt<T>(p: Parser<T>): Parser<T> {
  return (s) => {
    const reply = p(s);
    return !reply.ok && reply.consumed ? failure(false, reply.error) : reply;
  };
}

export function lookAhead<T>(p: Parser<T>): Parser<T> {
  return (s) => {
    const reply = p(s);
    return reply.ok ? success(false, reply.value, s, unknownError(s.pos)) : reply;
  };
}

/** `p <?> name` */
export function label<T>(p: Parser<T>, name: string): Parser<T> {
  return (s) => {
    const reply = p(s);
    if (reply.consumed) return reply;
    if (reply.ok) {
      if (isUnknown(reply.error)) return reply;
      return success(false, reply.value, reply.state, setMessage(reply.error, MessageKind.Expect, name));
    }
    return failure(false, setMessage(reply.error, MessageKind.Expect, name));
  };
}

/** Parsec's `satisfy`: one code point, shown as a one-character string when unexpected. */
export function satisfy(test: (ch: string) => boolean): Parser<string> {
  return (s) => {
    const ch = s.text[s.index];
    if (ch === undefined) return failure(false, errorWith(s.pos, MessageKind.SysUnexpect, ""));
    if (!test(ch)) return failure(false, errorWith(s.pos, MessageKind.SysUnexpect, showHaskellString(ch)));
    const pos = advancePos(s.pos, ch);
    return success(true, ch, { text: s.text, index: s.index + 1, pos }, unknownError(pos));
  };
}

export function char(expected: string): Parser<string> {
  return label(
    satisfy((ch) => ch === expected),
    showHaskellString(expected),
  );
}

export const anyChar: Parser<string> = satisfy(() => true);

export function oneOf(chars: string): Parser<string> {
  return satisfy((ch) => chars.includes(ch));
}

export function noneOf(chars: string): Parser<string> {
  return satisfy((ch) => !chars.includes(ch));
}

/** Parsec's `string` (`tokens`): errors point at the start of the literal, even after a partial match. */
export function string(literal: string): Parser<string> {
  const expected = Array.from(literal);
  const shown = showHaskellString(literal);
  return (s) => {
    const fail = (consumed: boolean, got: string | undefined) =>
      failure<string>(
        consumed,
        setMessage(
          errorWith(s.pos, MessageKind.SysUnexpect, got === undefined ? "" : showHaskellString(got)),
          MessageKind.Expect,
          shown,
        ),
      );
    let pos = s.pos;
    for (let i = 0; i < expected.length; i += 1) {
      const ch = s.text[s.index + i];
      if (ch === undefined || ch !== expected[i]) return fail(i > 0, ch);
      pos = advancePos(pos, ch);
    }
    const next = { text: s.text, index: s.index + expected.length, pos };
    return success(expected.length > 0, literal, next, unknownError(pos));
  };
}

/** Parsec's `anyToken`: accepts any code point without moving the position (used by `eof`). */
const anyToken: Parser<string> = (s) => {
  const ch = s.text[s.index];
  if (ch === undefined) return failure(false, errorWith(s.pos, MessageKind.SysUnexpect, ""));
  return success(true, ch, { text: s.text, index: s.index + 1, pos: s.pos }, unknownError(s.pos));
};

/** `notFollowedBy p`, reporting what p matched with Haskell's `show` of a Char. */
export function notFollowedBy(p: Parser<string>): Parser<null> {
  return attempt(
    alt(
      bind(attempt(p), (ch) => unexpected<null>(showHaskellChar(ch))),
      pure(null),
    ),
  );
}

export const eof: Parser<null> = label(notFollowedBy(anyToken), "end of input");

/** Parsec's own `many` (used through `many1`, `sepBy`): keeps only the last attempt's error. */
export function manyP<T>(p: Parser<T>): Parser<T[]> {
  return (s) => {
    const values: T[] = [];
    let state = s;
    for (;;) {
      const reply = p(state);
      if (!reply.ok) {
        if (reply.consumed) return failure(true, reply.error);
        return success(values.length > 0, values, state, reply.error);
      }
      // A parser that succeeds without consuming would loop forever (Parsec raises); stop instead.
      if (!reply.consumed) return success(values.length > 0, values, state, reply.error);
      values.push(reply.value);
      state = reply.state;
    }
  };
}

/** `Control.Applicative.many` (what PostgREST's grammar gets from Protolude): like `manyP`, but the
 * last success's error merges into the final one, which widens the `expecting` list. */
export function manyA<T>(p: Parser<T>): Parser<T[]> {
  return (s) => {
    const values: T[] = [];
    let state = s;
    let lastOk: ParseError | undefined;
    for (;;) {
      const reply = p(state);
      if (!reply.ok) {
        if (reply.consumed) return failure(true, reply.error);
        const final = mergeErrors(reply.error, unknownError(state.pos));
        if (lastOk === undefined) return success(false, values, state, final);
        return success(true, values, state, isUnknown(lastOk) ? final : mergeErrors(lastOk, final));
      }
      if (!reply.consumed) return success(values.length > 0, values, state, reply.error);
      values.push(reply.value);
      state = reply.state;
      lastOk = reply.error;
    }
  };
}

export function many1<T>(p: Parser<T>): Parser<T[]> {
  return bind(p, (first) => bind(manyP(p), (rest) => pure([first, ...rest])));
}

export function sepBy1<T, S>(p: Parser<T>, sep: Parser<S>): Parser<T[]> {
  return bind(p, (first) => bind(manyP(right(sep, p)), (rest) => pure([first, ...rest])));
}

export function sepBy<T, S>(p: Parser<T>, sep: Parser<S>): Parser<T[]> {
  return alt(sepBy1(p, sep), pure<T[]>([]));
}

export function option<T>(fallback: T, p: Parser<T>): Parser<T> {
  return alt(p, pure(fallback));
}

/** `optionMaybe`, with `undefined` for Nothing. */
export function optional<T>(p: Parser<T>): Parser<T | undefined> {
  return alt<T | undefined>(p, pure(undefined));
}

export function between<O, C, T>(open: Parser<O>, close: Parser<C>, p: Parser<T>): Parser<T> {
  return right(open, left(p, close));
}

/** Defers building a recursive parser until it runs. */
export function lazy<T>(build: () => Parser<T>): Parser<T> {
  let built: Parser<T> | undefined;
  return (s) => {
    built ??= build();
    return built(s);
  };
}
