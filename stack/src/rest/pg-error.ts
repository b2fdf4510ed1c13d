// PostgreSQL errors → PostgREST's JSON and HTTP status (Error.hs `pgErrorStatus`).

import { RestProblem, type RestErrorBody } from "./errors.ts";

interface PgLikeError {
  code?: string;
  message: string;
  detail?: string;
  hint?: string;
}

function isPgError(error: unknown): error is PgLikeError {
  return (
    typeof error === "object" &&
    error !== null &&
    typeof (error as PgLikeError).code === "string" &&
    "severity" in error
  );
}

/** The HTTP status PostgREST gives a SQLSTATE; `authenticated` is "the role is not the anon role". */
export function sqlStateStatus(code: string, message: string, authenticated: boolean): number {
  const two = code.slice(0, 2);
  if (code === "21000") return message.endsWith("requires a WHERE clause") ? 400 : 500;
  if (code === "22023") return /^role ".*" does not exist$/.test(message) ? 401 : 400;
  if (code === "23503" || code === "23505") return 409;
  if (code === "25006") return 405;
  if (code === "42501") return authenticated ? 403 : 401;
  if (code === "42883") return 404;
  if (code === "42P01") return 404;
  if (code === "42P17") return 500;
  if (code === "53400") return 500;
  if (code === "57P01") return 503;
  if (code === "P0001") return 400;
  if (/^PT\d{3}$/.test(code)) return Number(code.slice(2));
  switch (two) {
    case "08":
    case "53":
      return 503;
    case "09":
    case "25":
    case "2D":
    case "38":
    case "39":
    case "3B":
    case "40":
    case "54":
    case "55":
    case "57":
    case "58":
    case "F0":
    case "HV":
    case "XX":
    case "P0":
      return 500;
    case "0L":
    case "0P":
    case "28":
      return 403;
    default:
      return 400;
  }
}

function customRaise(error: PgLikeError): RestErrorBody {
  const invalid = (details: string): RestErrorBody => ({
    code: "PGRST121",
    status: 500,
    message: `Could not parse JSON in the "RAISE SQLSTATE 'PGRST'" error`,
    details,
    hint: "MESSAGE must be a JSON object with obligatory keys: 'code', 'message' and optional keys: 'details', 'hint'. DETAIL must be a JSON object with obligatory keys: 'status', 'headers' and optional key: 'status_text'.",
  });
  let body: { code?: unknown; message?: unknown; details?: unknown; hint?: unknown };
  try {
    body = JSON.parse(error.message) as typeof body;
  } catch {
    return invalid(`Invalid JSON value for MESSAGE: '${error.message}'`);
  }
  if (typeof body !== "object" || body === null || typeof body.code !== "string" || typeof body.message !== "string")
    return invalid(`Invalid JSON value for MESSAGE: '${error.message}'`);
  if (error.detail === undefined) return invalid("DETAIL is missing in the RAISE statement");
  let detail: { status?: unknown; headers?: unknown };
  try {
    detail = JSON.parse(error.detail) as typeof detail;
  } catch {
    return invalid(`Invalid JSON value for DETAIL: '${error.detail}'`);
  }
  if (typeof detail?.status !== "number" || typeof detail.headers !== "object" || detail.headers === null)
    return invalid(`Invalid JSON value for DETAIL: '${error.detail}'`);
  const headers = Object.fromEntries(
    Object.entries(detail.headers as Record<string, unknown>).map(([k, v]) => [k, String(v)]),
  );
  return {
    code: body.code,
    status: detail.status,
    message: body.message,
    details: typeof body.details === "string" ? body.details : null,
    hint: typeof body.hint === "string" ? body.hint : null,
    headers,
  };
}

/**
 * Turns anything thrown while running a request into PostgREST's error: RestProblem passes through,
 * a PostgreSQL error maps by SQLSTATE, anything else is rethrown (a bug: the gateway answers 500).
 */
export function toRestProblem(error: unknown, authenticated: boolean): RestProblem {
  if (error instanceof RestProblem) return error;
  if (!isPgError(error)) throw error;
  const code = error.code ?? "XX000";
  if (code === "PGRST") return new RestProblem(customRaise(error));
  const status = sqlStateStatus(code, error.message, authenticated);
  const headers = code === "42501" && !authenticated ? { "WWW-Authenticate": "Bearer" } : undefined;
  return new RestProblem({
    code,
    status,
    message: error.message,
    details: error.detail ?? null,
    hint: error.hint ?? null,
    ...(headers ? { headers } : {}),
  });
}
