import type { Context } from "hono";
import type { AuthError } from "../errors.ts";
import { ErrorCode } from "../errors.ts";

/** GoTrue echoes the newest API version the client asked for (auth: internal/api/apiversions.go). */
export const API_VERSION_HEADER = "X-Supabase-Api-Version";
const API_VERSION_2024 = "2024-01-01";

/** The request asks for the 2024-01-01 error shape (supabase-js always does). */
export function wantsVersion2024(c: Context): boolean {
  const requested = c.req.header(API_VERSION_HEADER);
  return requested !== undefined && /^\d{4}-\d{2}-\d{2}$/.test(requested) && requested >= API_VERSION_2024;
}

/**
 * GoTrue's error response: `{code, message}` with the version header echoed for
 * clients that send it, the legacy `{code, error_code, msg}` otherwise; `x-sb-error-code` always.
 */
export function errorResponse(c: Context, error: AuthError): Response {
  const headers: Record<string, string> = { "x-sb-error-code": error.code };
  const weak = error.code === ErrorCode.weak_password ? { weak_password: { reasons: error.reasons ?? [] } } : {};
  if (wantsVersion2024(c)) {
    headers[API_VERSION_HEADER] = API_VERSION_2024;
    return c.json({ code: error.code, message: error.message, ...weak }, error.status as 400, headers);
  }
  const errorId = error.status >= 500 ? { error_id: c.get("requestId") as string } : {};
  return c.json(
    { code: error.status, error_code: error.code, msg: error.message, ...errorId, ...weak },
    error.status as 400,
    headers,
  );
}
