// Builders for expected trees in this folder's tests, and a parse helper that fails loudly.

import { expect } from "vitest";
import { parseQuery, type ParseContext } from "./parse-request.ts";
import type { HeaderSource } from "./headers.ts";
import type { QueryPair } from "./query-string.ts";
import type { RestError } from "./errors.ts";
import type { Field, JsonStep, ParsedRequest, SelectField } from "./types.ts";

export function key(value: string, arrow: JsonStep["arrow"] = "->"): JsonStep {
  return { arrow, operand: { kind: "key", value } };
}

export function index(value: string, arrow: JsonStep["arrow"] = "->"): JsonStep {
  return { arrow, operand: { kind: "index", value } };
}

export function field(name: string, ...jsonPath: JsonStep[]): Field {
  return { name, jsonPath };
}

export function column(
  name: string,
  extra: Partial<Omit<SelectField, "kind" | "field">> = {},
  ...jsonPath: JsonStep[]
): SelectField {
  return { kind: "field", field: field(name, ...jsonPath), ...extra };
}

export const star: SelectField = column("*");

/** Parses and expects success. */
export function parsed(params: readonly QueryPair[], headers?: HeaderSource, context?: ParseContext): ParsedRequest {
  const result = parseQuery(params, headers, context);
  if (!result.ok) expect.fail(`expected success, got ${JSON.stringify(result.error)}`);
  return result.value;
}

/** Parses and expects a PostgREST error. */
export function failed(params: readonly QueryPair[], headers?: HeaderSource, context?: ParseContext): RestError {
  const result = parseQuery(params, headers, context);
  if (result.ok) expect.fail(`expected an error, got ${JSON.stringify(result.value)}`);
  return result.error;
}

/** A PGRST100 body as PostgREST sends it. */
export function pgrst100(message: string, details: string): RestError {
  return { code: "PGRST100", status: 400, message, details, hint: null };
}
