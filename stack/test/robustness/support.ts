// Shared pieces of the robustness tests: fuzz settings, raw HTTP with a key, and liveness checks.
import { expect } from "vitest";
import type { TestStack } from "../support/test-stack.ts";

/**
 * fast-check settings: a fixed seed so a failure reproduces on every machine (override with
 * PARLEY_FUZZ_SEED to explore), and a bounded number of runs so `npm test` stays fast
 * (PARLEY_FUZZ_RUNS multiplies them for a longer local soak).
 */
export function fuzzOptions(numRuns: number): { seed: number; numRuns: number; endOnFailure: true } {
  const seed = Number(process.env.PARLEY_FUZZ_SEED ?? 20261121);
  const factor = Number(process.env.PARLEY_FUZZ_RUNS ?? 1);
  return { seed, numRuns: Math.max(1, Math.round(numRuns * factor)), endOnFailure: true };
}

/** A test timeout that grows with PARLEY_FUZZ_RUNS, so a soak run is not cut short. */
export function fuzzTimeout(baseMs = 60_000): number {
  return baseMs * Math.max(1, Number(process.env.PARLEY_FUZZ_RUNS ?? 1));
}

/** A raw request to the stack with an api key (the secret key when `service` is set). */
export function stackFetch(
  t: TestStack,
  path: string,
  init: RequestInit & { service?: boolean } = {},
): Promise<Response> {
  const headers = new Headers(init.headers);
  if (!headers.has("apikey"))
    headers.set("apikey", init.service ? t.stack.keys.secretKey : t.stack.keys.publishableKey);
  return fetch(`${t.url}${path}`, { ...init, headers });
}

/** The stack still serves REST and auth: nothing the fuzzer sent took it down. */
export async function expectStackAlive(t: TestStack): Promise<void> {
  const rest = await stackFetch(t, "/rest/v1/notes?select=id&limit=1");
  expect(rest.status).toBe(200);
  const health = await stackFetch(t, "/auth/v1/health");
  expect(health.status).toBe(200);
}

/** PostgREST's error body: exactly code, details, hint and message. */
export function expectPostgrestErrorShape(text: string, context: string): void {
  const body = JSON.parse(text) as Record<string, unknown>;
  expect(Object.keys(body).sort(), context).toEqual(["code", "details", "hint", "message"]);
}
