import { corsHeaders } from "./cors.ts";

/**
 * The error vocabulary of Parley's functions. Every error answer is
 * `{"error": {"code": "<code>", "message": "<English text>"}}` with the status below, so the app
 * can map `code` to a localized message.
 */
export const errorStatus = {
  method_not_allowed: 405,
  invalid_json: 400,
  validation_failed: 400,
  not_authenticated: 401,
  reauthentication_required: 401,
  reauthentication_failed: 401,
  insufficient_aal: 403,
  not_workspace_admin: 403,
  not_workspace_owner: 403,
  email_mismatch: 403,
  invitation_not_found: 404,
  archive_not_found: 404,
  invalid_archive: 400,
  archive_too_large: 400,
  already_member: 409,
  sole_owner: 409,
  invitation_used: 410,
  invitation_expired: 410,
  invalid_token: 400,
  email_failed: 502,
  storage_failed: 502,
  internal_error: 500,
} as const;

export type ErrorCode = keyof typeof errorStatus;

export class FunctionError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly details?: Record<string, unknown>,
  ) {
    super(message);
  }
}

export function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { ...corsHeaders, "Content-Type": "application/json" },
  });
}

export function errorResponse(error: FunctionError): Response {
  return json(
    { error: { code: error.code, message: error.message, ...(error.details ? { details: error.details } : {}) } },
    errorStatus[error.code],
  );
}

/**
 * Wraps a POST handler: answers preflights, refuses other methods, turns FunctionErrors into their
 * JSON answer and anything unexpected into a logged 500.
 */
export function postHandler(handle: (req: Request) => Promise<Response>): (req: Request) => Promise<Response> {
  return async (req) => {
    if (req.method === "OPTIONS") return new Response("ok", { headers: corsHeaders });
    try {
      if (req.method !== "POST") throw new FunctionError("method_not_allowed", "Use POST.");
      return await handle(req);
    } catch (error) {
      if (error instanceof FunctionError) return errorResponse(error);
      console.error(error);
      return errorResponse(new FunctionError("internal_error", "Something went wrong on our side."));
    }
  };
}

/** The request body as a JSON object. */
export async function readJsonObject(req: Request): Promise<Record<string, unknown>> {
  let body: unknown;
  try {
    body = await req.json();
  } catch {
    throw new FunctionError("invalid_json", "The request body must be JSON.");
  }
  if (typeof body !== "object" || body === null || Array.isArray(body)) {
    throw new FunctionError("invalid_json", "The request body must be a JSON object.");
  }
  return body as Record<string, unknown>;
}
