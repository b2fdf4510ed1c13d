import type { TestStack } from "../../support/test-stack.ts";

let counter = 0;
/** A fresh address per test, so tests in one file never see each other's mail. */
export const uniqueEmail = (label: string) => `${label}-${process.pid}-${Date.now()}-${counter++}@example.com`;

/** Raw GoTrue call as supabase-js makes it (publishable key, API version header), for status/code checks. */
export async function authFetch(
  t: TestStack,
  path: string,
  init: {
    method?: string;
    body?: unknown;
    token?: string;
    apiVersion?: boolean;
    headers?: Record<string, string>;
    redirect?: "follow" | "manual";
  } = {},
): Promise<{ status: number; body: Record<string, unknown>; headers: Headers }> {
  const headers: Record<string, string> = {
    apikey: t.stack.keys.publishableKey,
    authorization: `Bearer ${init.token ?? t.stack.keys.publishableKey}`,
    "content-type": "application/json;charset=UTF-8",
    ...init.headers,
  };
  if (init.apiVersion !== false) headers["x-supabase-api-version"] = "2024-01-01";
  const response = await fetch(`${t.url}/auth/v1${path}`, {
    method: init.method ?? (init.body === undefined ? "GET" : "POST"),
    headers,
    body: init.body === undefined ? undefined : typeof init.body === "string" ? init.body : JSON.stringify(init.body),
    redirect: init.redirect ?? "follow",
  });
  const text = await response.text();
  let body: Record<string, unknown>;
  try {
    body = text ? (JSON.parse(text) as Record<string, unknown>) : {};
  } catch {
    body = { raw: text };
  }
  return { status: response.status, body, headers: response.headers };
}

/** Decodes a JWT's header and claims (no verification; the stack's JWKS verifies in other tests). */
export function decodeJwt(token: string): { header: Record<string, unknown>; claims: Record<string, unknown> } {
  const [header, claims] = token
    .split(".")
    .slice(0, 2)
    .map((part) => JSON.parse(Buffer.from(part, "base64url").toString()) as Record<string, unknown>);
  return { header: header ?? {}, claims: claims ?? {} };
}
