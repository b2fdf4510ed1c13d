// Runs one grammar over one parameter and turns a failure into PostgREST's PGRST100.

import { runParser, type Parser } from "./combinators.ts";
import { nestingTooDeepError, queryParamError, type RestError } from "./errors.ts";

export type Parsed<T> = { readonly ok: true; readonly value: T } | { readonly ok: false; readonly error: RestError };

/**
 * Parses `input` with `parser`; `source` is the text PostgREST names in the message, e.g.
 * `failed to parse select parameter (id,name)`.
 */
export function parseWith<T>(parser: Parser<T>, input: string, source: string): Parsed<T> {
  try {
    const result = runParser(parser, input);
    return result.ok ? result : { ok: false, error: queryParamError(source, result.error) };
  } catch (error) {
    // Only absurdly deep nesting (thousands of parentheses) can exhaust the stack.
    if (error instanceof RangeError) return { ok: false, error: nestingTooDeepError(source) };
    throw error;
  }
}
