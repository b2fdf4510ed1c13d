/**
 * Type guards for the few untrusted values a conversation's first screen reads before zod has
 * loaded: stored drafts, realtime records, rows the sidebar lists, the run-time config. zod (about
 * 9 KiB gzipped) stays with the forms and the pages that load later; these checks ask only what
 * each caller needs — a value's JSON type and an object's named keys (other keys are allowed).
 *
 * @example const isDraft = objectOf({ body: isString, files: arrayOf(isString) }); if (isDraft(value)) value.body;
 */
export type Guard<T> = (value: unknown) => value is T;

type Guarded<G> = G extends Guard<infer T> ? T : never;

export const isString: Guard<string> = (value) => typeof value === "string";

/** A plain object (not null, not an array): what JSON calls an object. */
export const isObject: Guard<Record<string, unknown>> = (value): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

export function nullable<T>(guard: Guard<T>): Guard<T | null> {
  return (value): value is T | null => value === null || guard(value);
}

/** Absent (undefined) or passing `guard`: for an object's optional keys. */
export function optional<T>(guard: Guard<T>): Guard<T | undefined> {
  return (value): value is T | undefined => value === undefined || guard(value);
}

export function arrayOf<T>(guard: Guard<T>): Guard<T[]> {
  return (value): value is T[] => Array.isArray(value) && value.every(guard);
}

/** An object whose every own value passes `guard` (a map keyed by string). */
export function recordOf<T>(guard: Guard<T>): Guard<Record<string, T>> {
  return (value): value is Record<string, T> => isObject(value) && Object.values(value).every(guard);
}

/** One of the listed strings. */
export function oneOf<const T extends readonly string[]>(options: T): Guard<T[number]> {
  return (value): value is T[number] => typeof value === "string" && options.includes(value);
}

/** An object holding each key of `shape`, each passing its guard; keys beyond the shape are allowed. */
export function objectOf<S extends Record<string, Guard<unknown>>>(shape: S): Guard<{ [K in keyof S]: Guarded<S[K]> }> {
  const entries = Object.entries(shape);
  return (value): value is { [K in keyof S]: Guarded<S[K]> } =>
    isObject(value) && entries.every(([key, guard]) => guard(value[key]));
}
