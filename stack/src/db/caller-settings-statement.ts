// The one statement that sets a request's caller settings, transaction-local, in the order given:
//
//   select pg_catalog.num_nonnulls(pg_catalog.set_config($1, $2, true), pg_catalog.set_config($3, $4, true), …)
//
// Names and values are all bind parameters (nothing is spliced into the text), so the text depends
// only on how many settings there are: one named statement per count, parsed once per connection.
// A function's arguments are evaluated in order, so a later setting of the same name wins, and
// `num_nonnulls` answers one small row whatever the values are. Against the earlier form — one JSON
// object of names and values unpacked by `json_each_text` and counted — PostgreSQL parses no JSON,
// runs no set-returning function and no aggregate, and the values are not escaped into JSON in Node.

import type { ExchangeStatement } from "./one-sync-exchange.ts";

/**
 * A function takes at most 100 arguments (PostgreSQL's FUNC_MAX_ARGS); more settings than this
 * are summed over several calls, still evaluated left to right.
 */
const ARGUMENTS_PER_CALL = 64;

/** Statements by number of settings; a caller has a handful (role, claims, PostgREST's `request.*`, …). */
const textByCount: string[] = [];

function settingsText(count: number): string {
  let text = textByCount[count];
  if (text === undefined) {
    const sums: string[] = [];
    for (let first = 0; first < count; first += ARGUMENTS_PER_CALL) {
      const calls: string[] = [];
      for (let index = first; index < Math.min(count, first + ARGUMENTS_PER_CALL); index++)
        calls.push(`pg_catalog.set_config($${2 * index + 1}, $${2 * index + 2}, true)`);
      sums.push(`pg_catalog.num_nonnulls(${calls.join(", ")})`);
    }
    text = `select ${sums.join(" + ")}`;
    textByCount[count] = text;
  }
  return text;
}

/**
 * The statement that sets `namesAndValues` (name, value, name, value, …) transaction-local, in
 * that order, as one named statement.
 * @example callerSettingsStatement(["role", "anon", "request.method", "GET"]) // set_config × 2, one row
 */
export function callerSettingsStatement(namesAndValues: readonly string[]): ExchangeStatement {
  if (namesAndValues.length === 0 || namesAndValues.length % 2 !== 0)
    throw new RangeError("caller settings come as name and value pairs, at least one");
  const count = namesAndValues.length / 2;
  return { name: `parley_set_caller_${count}`, text: settingsText(count), values: namesAndValues };
}
