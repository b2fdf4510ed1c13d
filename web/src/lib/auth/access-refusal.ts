/**
 * Whether a data error is the backend refusing the caller (rather than a bad request or a network
 * failure): a row level security refusal (`42501`), 401/403 from the REST, storage or functions
 * APIs, or a function's `insufficient_aal`. With a second factor still owed (an aal1 session), the
 * app answers such an error with the second-factor step instead of a broken screen.
 *
 * @example isAccessRefusal({ code: "42501", message: "new row violates row-level security policy" }) // true
 */
export function isAccessRefusal(error: unknown): boolean {
  if (typeof error !== "object" || error === null) return false;
  const { code, status, statusCode } = error as { code?: unknown; status?: unknown; statusCode?: unknown };
  if (code === "42501" || code === "insufficient_aal") return true;
  return [status, statusCode].some((value) => value === 401 || value === 403 || value === "401" || value === "403");
}
