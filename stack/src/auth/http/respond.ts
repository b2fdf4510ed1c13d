import type { Context } from "hono";
import type { AuthError } from "../errors.ts";
import { ErrorCode } from "../errors.ts";

/** GoTrue echoes the newest API version the client asked for (auth: internal/api/apiversions.go). */
export const API_VERSION_HEADER = "X-Supabase-Api-Version";
const API_VERSION_2024 = "2024-01-01";

/** The request asks for the 2024-01-01 error shape (supabase-js always does); `requested` is the header's value. */
export function asksForVersion2024(requested: string | undefined): boolean {
  return requested !== undefined && /^\d{4}-\d{2}-\d{2}$/.test(requested) && requested >= API_VERSION_2024;
}

/** An error answer's parts, for whichever gateway path writes it. */
export interface AuthErrorParts {
  status: number;
  body: Record<string, unknown>;
  headers: Record<string, string>;
}

/**
 * GoTrue's error response: `{code, message}` with the version header echoed for clients that send
 * it (`requestedVersion`), the legacy `{code, error_code, msg}` otherwise; `x-sb-error-code` always.
 */
export function authErrorParts(
  error: AuthError,
  requestedVersion: string | undefined,
  requestId: string,
): AuthErrorParts {
  const headers: Record<string, string> = { "x-sb-error-code": error.code };
  const weak = error.code === ErrorCode.weak_password ? { weak_password: { reasons: error.reasons ?? [] } } : {};
  if (asksForVersion2024(requestedVersion)) {
    headers[API_VERSION_HEADER] = API_VERSION_2024;
    return { status: error.status, body: { code: error.code, message: error.message, ...weak }, headers };
  }
  const errorId = error.status >= 500 ? { error_id: requestId } : {};
  return {
    status: error.status,
    body: { code: error.status, error_code: error.code, msg: error.message, ...errorId, ...weak },
    headers,
  };
}

/** {@link authErrorParts} as the Hono route's response. */
export function errorResponse(c: Context, error: AuthError): Response {
  const parts = authErrorParts(error, c.req.header(API_VERSION_HEADER), c.get("requestId") as string);
  return c.json(parts.body, parts.status as 400, parts.headers);
}
