import { FunctionError } from "./http.ts";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
// Deliberately simple: one @, no spaces, a dot in the domain. The auth service validates further.
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

function fail(field: string, message: string): never {
  throw new FunctionError("validation_failed", message, { field });
}

export function requireUuid(body: Record<string, unknown>, field: string): string {
  const value = body[field];
  if (typeof value !== "string" || !UUID.test(value)) fail(field, `${field} must be a UUID.`);
  return value.toLowerCase();
}

export function requireEmail(body: Record<string, unknown>, field: string): string {
  const value = body[field];
  if (typeof value !== "string" || value.length > 254 || !EMAIL.test(value.trim()))
    fail(field, `${field} must be an email address.`);
  return value.trim().toLowerCase();
}

export function requireString(body: Record<string, unknown>, field: string, max = 512): string {
  const value = body[field];
  if (typeof value !== "string" || value.length === 0 || value.length > max) fail(field, `${field} is required.`);
  return value;
}

export function optionalString(body: Record<string, unknown>, field: string, max = 2048): string | undefined {
  const value = body[field];
  if (value === undefined || value === null) return undefined;
  if (typeof value !== "string" || value.length === 0 || value.length > max) fail(field, `${field} must be a string.`);
  return value;
}

export function optionalChoice<T extends string>(
  body: Record<string, unknown>,
  field: string,
  choices: readonly T[],
  fallback: T,
): T {
  const value = body[field];
  if (value === undefined || value === null) return fallback;
  if (typeof value !== "string" || !choices.includes(value as T))
    fail(field, `${field} must be one of ${choices.join(", ")}.`);
  return value as T;
}

/** An absolute http(s) URL (the auth service still checks it against the allowed redirect URLs). */
export function optionalUrl(body: Record<string, unknown>, field: string): URL | undefined {
  const value = optionalString(body, field);
  if (value === undefined) return undefined;
  try {
    const url = new URL(value);
    if (url.protocol === "http:" || url.protocol === "https:") return url;
  } catch {
    // falls through
  }
  fail(field, `${field} must be an http(s) URL.`);
}
