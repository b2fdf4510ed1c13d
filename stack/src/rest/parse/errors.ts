// The request-parsing part of PostgREST's error vocabulary (Error.hs, ApiRequestError): the code,
// HTTP status and the JSON body fields `message`, `details`, `hint` as PostgREST sends them.

import { renderDetails, renderPosition, type ParseError } from "./parse-error.ts";

export type RestErrorCode = "PGRST100" | "PGRST103" | "PGRST106" | "PGRST114" | "PGRST122";

/** A PostgREST error: `status` for the response line, the rest is the JSON body. */
export interface RestError {
  readonly code: RestErrorCode;
  readonly status: number;
  readonly message: string;
  readonly details: string | null;
  readonly hint: string | null;
}

/**
 * PGRST100 from a failed grammar: `message` names the parameter and the position, `details` lists
 * what was unexpected and expected, e.g. `"failed to parse filter (0)" (line 1, column 1)` with
 * `unexpected "0" expecting "not" or operator (eq, gt, ...)`.
 */
export function queryParamError(source: string, error: ParseError): RestError {
  return {
    code: "PGRST100",
    status: 400,
    message: renderPosition(source, error.pos),
    details: renderDetails(error),
    hint: null,
  };
}

/** PGRST100 for input nested beyond what this parser walks (upstream has no such limit). */
export function nestingTooDeepError(source: string): RestError {
  return {
    code: "PGRST100",
    status: 400,
    message: `"${source}" (line 1, column 1)`,
    details: "nesting too deep",
    hint: null,
  };
}

/**
 * PGRST100 for a `select` past the caps of `select-limits.ts` (upstream has none: PostgreSQL's
 * refusal reaches its client as a 500).
 */
export function selectTooLargeError(kind: "items" | "depth", found: number, max: number): RestError {
  return {
    code: "PGRST100",
    status: 400,
    message:
      kind === "items"
        ? "select parameter has too many columns"
        : "select parameter nests embedded resources too deeply",
    details:
      kind === "items"
        ? `${found} columns are selected, at most ${max} may be`
        : `embedded resources are nested ${found} levels deep, at most ${max} may be`,
    hint: null,
  };
}

export type RangeErrorKind = "negative-limit" | "lower-gt-upper";

/** PGRST103 416, raised while reading `limit`/`offset` and the `Range` header. */
export function invalidRangeError(kind: RangeErrorKind): RestError {
  return {
    code: "PGRST103",
    status: 416,
    message: "Requested range not satisfiable",
    details:
      kind === "negative-limit"
        ? "Limit should be greater than or equal to zero."
        : "The lower boundary must be lower than or equal to the upper boundary in the Range header.",
    hint: null,
  };
}

/** PGRST114: PUT takes no `limit`/`offset`. */
export function putLimitNotAllowedError(): RestError {
  return {
    code: "PGRST114",
    status: 400,
    message: "limit/offset querystring parameters are not allowed for PUT",
    details: null,
    hint: null,
  };
}

/** PGRST106 406: the profile header names a schema that is not exposed. */
export function unacceptableSchemaError(schema: string, exposed: readonly string[]): RestError {
  return {
    code: "PGRST106",
    status: 406,
    message: `Invalid schema: ${schema}`,
    details: null,
    hint: `Only the following schemas are exposed: ${exposed.join(", ")}`,
  };
}

/** PGRST122: unknown preferences under `Prefer: handling=strict`. */
export function invalidPreferencesError(invalid: readonly string[]): RestError {
  return {
    code: "PGRST122",
    status: 400,
    message: "Invalid preferences given with handling=strict",
    details: `Invalid preferences: ${invalid.join(", ")}`,
    hint: null,
  };
}
