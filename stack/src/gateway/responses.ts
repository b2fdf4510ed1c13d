/** Kong's answer for a path no route matches; hosted Supabase returns the same. */
export const NO_ROUTE_BODY = { message: "no Route matched with those values" };

export function notImplementedBody(basePath: string): { code: string; message: string; hint: string } {
  return {
    code: "not_implemented",
    message: `Parley Stack does not serve ${basePath} yet.`,
    hint: "This service has not landed in Parley Stack; hosted Supabase serves it.",
  };
}

/**
 * A service the project's config turned off: the Supabase CLI then starts no container for it and
 * its route has nothing behind it (a 503, as Kong answers for an upstream that is not there).
 */
export function switchedOffBody(basePath: string, setting: string): { message: string } {
  return { message: `${basePath} is not served: ${setting} = false in supabase/config.toml` };
}

/** Default answer for a bad bearer token on a service without its own error shape. */
export function invalidTokenBody(message: string): { code: number; error_code: string; msg: string; message: string } {
  return { code: 401, error_code: "bad_jwt", msg: message, message };
}

/** The gateway's answer to an uncaught error: a 500 naming the request id the log line carries. */
export function unexpectedFailureBody(requestId: string): { code: string; message: string; request_id: string } {
  return { code: "unexpected_failure", message: "Internal server error", request_id: requestId };
}
