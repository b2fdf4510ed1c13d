// PostgREST's request grammar for /rest/v1: query string and headers in, a typed tree out.
// Pure: no database, no HTTP framework.

export { parseQuery, type ParseContext, type ParseResult } from "./parse-request.ts";
export { parseQueryString, canonicalQueryString, type QueryPair } from "./query-string.ts";
export { parsePreferences, preferenceAppliedHeader, strictPreferencesError, type PreferenceOptions } from "./prefer.ts";
export { decodeMediaType, parseAccept } from "./media-type.ts";
export type { HeaderSource } from "./headers.ts";
export type { RestError, RestErrorCode } from "./errors.ts";
export type * from "./types.ts";
