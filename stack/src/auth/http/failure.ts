import type { Logger } from "pino";
import { AuthError, ErrorCode } from "../errors.ts";
import { OAuthStyleError } from "../external/oauth-error.ts";
import { authErrorParts, type AuthErrorParts } from "./respond.ts";

/** Where a failure happened, for its answer and the log line. */
export interface FailureContext {
  logger: Logger;
  path: string;
  requestId: string;
  /** The `X-Supabase-Api-Version` header the client sent. */
  requestedVersion: string | undefined;
}

/**
 * What auth answers for an error thrown by an endpoint, on either gateway path: an OAuth-style
 * error as `{error, error_description}` 400 (GoTrue's /token), an `AuthError` in GoTrue's shape
 * (logged when 5xx), anything else logged and answered 500 `unexpected_failure`.
 */
export function authFailureParts(error: unknown, at: FailureContext): AuthErrorParts {
  if (error instanceof OAuthStyleError)
    return { status: 400, body: { error: error.error, error_description: error.description }, headers: {} };
  if (error instanceof AuthError) {
    if (error.status >= 500) at.logger.error({ err: error, cause: error.cause, path: at.path }, "auth: server error");
    return authErrorParts(error, at.requestedVersion, at.requestId);
  }
  at.logger.error({ err: error, path: at.path, reqId: at.requestId }, "auth: unexpected failure");
  return authErrorParts(
    new AuthError(
      500,
      ErrorCode.unexpected_failure,
      "Unexpected failure, please check server logs for more information",
    ),
    at.requestedVersion,
    at.requestId,
  );
}
