// The `Prefer` header (PostgREST ApiRequest/Preferences.hs, RFC 7240): tokens from every Prefer
// header, split on `,` and trimmed; for each family the first recognised token wins; tokens that
// are not understood are kept for `handling=strict` (PGRST122).

import { invalidPreferencesError, type RestError } from "./errors.ts";
import { readInt64 } from "./haskell-read.ts";
import type {
  PreferCount,
  PreferHandling,
  PreferMissing,
  PreferResolution,
  PreferReturn,
  PreferTx,
  Preferences,
} from "./types.ts";

export interface PreferenceOptions {
  /** Time zone names the database accepts (`pg_timezone_names`); omitted, any name is accepted. */
  readonly timezones?: ReadonlySet<string>;
  /** Whether `db-tx-end` allows `Prefer: tx=…` to override it (Supabase: no). */
  readonly txAllowOverride?: boolean;
}

const FAMILIES = {
  resolution: ["merge-duplicates", "ignore-duplicates"],
  return: ["representation", "minimal", "headers-only"],
  count: ["exact", "planned", "estimated"],
  tx: ["commit", "rollback"],
  missing: ["default", "null"],
  handling: ["strict", "lenient"],
} as const;

type Family = keyof typeof FAMILIES;

const ACCEPTED = new Set(
  Object.entries(FAMILIES).flatMap(([family, values]) => values.map((value) => `${family}=${value}`)),
);

/** Data.ByteString.Char8.strip: ASCII white space and NBSP (header values are Latin-1). */
function stripLatin1(text: string): string {
  return text.replace(/^[\t\n\v\f\r \u00a0]+|[\t\n\v\f\r \u00a0]+$/g, "");
}

function firstOf<F extends Family>(tokens: readonly string[], family: F): (typeof FAMILIES)[F][number] | undefined {
  const values: readonly string[] = FAMILIES[family];
  for (const token of tokens) {
    const value = token.startsWith(`${family}=`) ? token.slice(family.length + 1) : undefined;
    if (value !== undefined && values.includes(value)) return value as (typeof FAMILIES)[F][number];
  }
  return undefined;
}

function firstWithPrefix(tokens: readonly string[], prefix: string): string | undefined {
  const token = tokens.find((t) => t.startsWith(prefix));
  return token?.slice(prefix.length);
}

/**
 * Parses the values of every `Prefer` header, in order.
 *
 * @example
 * parsePreferences(["return=representation, count=exact", "handling=strict, bogus"])
 * // → { return: "representation", count: "exact", handling: "strict", invalid: ["bogus"] }
 */
export function parsePreferences(headerValues: readonly string[], options: PreferenceOptions = {}): Preferences {
  const tokens = headerValues.flatMap((value) => (value === "" ? [] : value.split(",").map(stripLatin1)));
  const timezone = firstWithPrefix(tokens, "timezone=");
  const timezoneAccepted = timezone !== undefined && (options.timezones?.has(timezone) ?? true);
  const maxAffectedText = firstWithPrefix(tokens, "max-affected=");
  const maxAffected = maxAffectedText === undefined ? undefined : readInt64(maxAffectedText);
  const invalid = tokens.filter(
    (t) => !ACCEPTED.has(t) && (!t.startsWith("timezone=") || !timezoneAccepted) && !t.startsWith("max-affected="),
  );
  const prefs: { -readonly [K in keyof Preferences]: Preferences[K] } = { invalid };
  const resolution: PreferResolution | undefined = firstOf(tokens, "resolution");
  const ret: PreferReturn | undefined = firstOf(tokens, "return");
  const count: PreferCount | undefined = firstOf(tokens, "count");
  const tx: PreferTx | undefined = options.txAllowOverride === true ? firstOf(tokens, "tx") : undefined;
  const missing: PreferMissing | undefined = firstOf(tokens, "missing");
  const handling: PreferHandling | undefined = firstOf(tokens, "handling");
  if (resolution !== undefined) prefs.resolution = resolution;
  if (ret !== undefined) prefs.return = ret;
  if (count !== undefined) prefs.count = count;
  if (tx !== undefined) prefs.tx = tx;
  if (missing !== undefined) prefs.missing = missing;
  if (handling !== undefined) prefs.handling = handling;
  if (timezoneAccepted) prefs.timezone = timezone;
  if (maxAffected !== undefined) prefs.maxAffected = Number(maxAffected);
  return prefs;
}

/**
 * PGRST122 when `handling=strict` meets a preference that was not understood. PostgREST checks
 * this while planning (after the table is found), so callers decide when to ask.
 *
 * @example
 * strictPreferencesError({ handling: "strict", invalid: ["bogus"] })?.details // → "Invalid preferences: bogus"
 */
export function strictPreferencesError(prefs: Preferences): RestError | undefined {
  return prefs.handling === "strict" && prefs.invalid.length > 0 ? invalidPreferencesError(prefs.invalid) : undefined;
}

/**
 * The `Preference-Applied` value for the preferences a response honoured, in PostgREST's fixed
 * order; `max-affected` appears only with `handling=strict`. Pass only what was actually applied
 * (e.g. drop `resolution` when the table has no key).
 *
 * @example
 * preferenceAppliedHeader({ return: "representation", count: "exact", invalid: [] })
 * // → "return=representation, count=exact"
 */
export function preferenceAppliedHeader(prefs: Preferences): string | undefined {
  const parts = [
    prefs.resolution && `resolution=${prefs.resolution}`,
    prefs.missing && `missing=${prefs.missing}`,
    prefs.return && `return=${prefs.return}`,
    prefs.count && `count=${prefs.count}`,
    prefs.tx && `tx=${prefs.tx}`,
    prefs.handling && `handling=${prefs.handling}`,
    prefs.timezone !== undefined && `timezone=${prefs.timezone}`,
    prefs.handling === "strict" && prefs.maxAffected !== undefined && `max-affected=${prefs.maxAffected}`,
  ].filter((part): part is string => typeof part === "string");
  return parts.length === 0 ? undefined : parts.join(", ");
}
