import type { z } from "zod";
import { AuthError, badRequest, ErrorCode, validation } from "../errors.ts";
import type { AuthContext } from "./route.ts";

const MAX_BODY_BYTES = 1024 * 1024;

/** supabase-js sends `null` for unset options (code_challenge…); GoTrue treats them as absent. */
function dropNulls(value: unknown): unknown {
  if (typeof value !== "object" || value === null || Array.isArray(value)) return value;
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== null));
}

/**
 * Reads and validates a JSON body as GoTrue does: > 1 MiB → 413 `request_entity_too_large`, not
 * JSON → 400 `bad_json`, schema mismatch → 400 `validation_failed`. An empty body is `{}`.
 */
export async function readBody<T extends z.ZodType>(
  c: AuthContext,
  schema: T,
  options: { keepNulls?: boolean } = {},
): Promise<z.infer<T>> {
  return parseBody(await c.req.text(), schema, options);
}

/** {@link readBody} for a body already read as text (an endpoint served on both gateway paths). */
export function parseBody<T extends z.ZodType>(
  text: string,
  schema: T,
  options: { keepNulls?: boolean } = {},
): z.infer<T> {
  if (Buffer.byteLength(text) > MAX_BODY_BYTES) {
    throw new AuthError(413, ErrorCode.request_entity_too_large, "Request body too large");
  }
  let raw: unknown = {};
  if (text.trim() !== "") {
    try {
      raw = JSON.parse(text);
    } catch (error) {
      throw badRequest(ErrorCode.bad_json, `Could not parse request body as JSON: ${(error as Error).message}`);
    }
  }
  const parsed = schema.safeParse(options.keepNulls ? raw : dropNulls(raw));
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw validation(
      issue?.message && !issue.message.startsWith("Invalid")
        ? issue.message
        : `Invalid request: ${issue?.path.join(".") ?? "body"}`,
    );
  }
  return parsed.data;
}
