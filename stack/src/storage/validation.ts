import type { Context } from "hono";
import type { z } from "zod";
import type { GatewayEnv } from "../gateway/index.ts";
import { errors } from "./errors.ts";

/**
 * Parses a small JSON body against `schema`, failing like upstream's schema validation
 * (HTTP 400, code InvalidRequest, ajv-style message). An empty body counts as `{}`.
 * @example const body = await jsonBody(c, createBucketBody);
 */
export async function jsonBody<T>(c: Context<GatewayEnv>, schema: z.ZodType<T>): Promise<T> {
  const text = await c.req.text();
  let value: unknown = {};
  if (text.trim() !== "") {
    try {
      value = JSON.parse(text);
    } catch {
      throw errors.invalidRequest("Body is not valid JSON but content-type is set to 'application/json'");
    }
  }
  return validate(schema, value, "body");
}

/** Validates query parameters (strings) the same way. */
export function queryParams<T>(c: Context<GatewayEnv>, schema: z.ZodType<T>): T {
  return validate(schema, c.req.query(), "querystring");
}

export function validate<T>(schema: z.ZodType<T>, value: unknown, where: string): T {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  if (!issue) throw errors.invalidRequest(`${where} is invalid`);
  const path = issue.path.map(String);
  const isMissing = issue.code === "invalid_type" && (issue as { input?: unknown }).input === undefined;
  if (isMissing) {
    const parent = path.slice(0, -1);
    throw errors.invalidRequest(`${[where, ...parent].join("/")} must have required property '${path.at(-1) ?? ""}'`);
  }
  throw errors.invalidRequest(`${[where, ...path].join("/")} ${issue.message}`);
}
