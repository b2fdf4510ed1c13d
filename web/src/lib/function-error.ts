import { FunctionsFetchError, FunctionsHttpError, FunctionsRelayError } from "@supabase/functions-js";
import { z } from "./zod-mini";
import type { $ZodType } from "zod/v4/core";

const errorBody = z.object({ error: z.object({ code: z.string(), message: z.optional(z.string()) }) });

/**
 * The `error.code` of an edge function's JSON error (`{"error": {"code", "message"}}`), or
 * `"network"` when the function could not be reached, or `"unknown"`. Map it to a catalog message.
 *
 * @example const code = await functionErrorCode(error); // "already_member"
 */
export async function functionErrorCode(error: unknown): Promise<string> {
  if (error instanceof FunctionsFetchError || error instanceof FunctionsRelayError) return "network";
  if (error instanceof FunctionsHttpError) {
    const response = error.context as Response;
    try {
      const parsed = errorBody.safeParse(await response.clone().json());
      if (parsed.success) return parsed.data.error.code;
    } catch {
      return "unknown";
    }
  }
  return "unknown";
}

/** An error carrying a function's error code, thrown from data operations so hooks can show it. */
export class FunctionCallError extends Error {
  constructor(readonly code: string) {
    super(`edge function error: ${code}`);
    this.name = "FunctionCallError";
  }
}

/** Invokes an edge function and returns its JSON, or throws a FunctionCallError with its code. */
export async function invokeFunction<T>(
  invoke: () => Promise<{ data: unknown; error: unknown }>,
  schema: $ZodType<T>,
): Promise<T> {
  const { data, error } = await invoke();
  if (error) throw new FunctionCallError(await functionErrorCode(error));
  return z.parse(schema, data);
}
