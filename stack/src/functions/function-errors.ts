// The one error vocabulary of /functions/v1: the answers the CLI's main service gives around a
// function (cli serve/templates/main.ts getResponse and SB_SPECIFIC_ERROR_*), plus hosted's
// `sb-error-code` header (docs error-codes). A function's own responses never pass through here.

export type FunctionErrorCode = "BOOT_ERROR" | "WORKER_ERROR" | "WORKER_LIMIT" | "IDLE_TIMEOUT" | "INTERNAL";

interface ErrorShape {
  status: number;
  /** `code` of the JSON body (the local main service's text for the status). */
  code: string;
  message: string;
  /** Hosted's `sb-error-code` header value. */
  sbErrorCode: string;
}

const SHAPES: Record<FunctionErrorCode, ErrorShape> = {
  BOOT_ERROR: {
    status: 503,
    code: "BOOT_ERROR",
    message: "Worker failed to boot (please check logs)",
    sbErrorCode: "BOOT_ERROR",
  },
  WORKER_ERROR: {
    status: 500,
    code: "WORKER_ERROR",
    message: "Function exited due to an error (please check logs)",
    sbErrorCode: "EDGE_FUNCTION_ERROR",
  },
  WORKER_LIMIT: {
    status: 546,
    code: "WORKER_LIMIT",
    message: "Worker failed to respond due to a resource limit (please check logs)",
    sbErrorCode: "WORKER_RESOURCE_LIMIT",
  },
  // Hosted answers 504 when nothing came back within the 150 s request idle timeout (docs limits).
  IDLE_TIMEOUT: {
    status: 504,
    code: "IDLE_TIMEOUT",
    message: "Function did not respond within the request idle timeout (please check logs)",
    sbErrorCode: "IDLE_TIMEOUT",
  },
  INTERNAL: {
    status: 500,
    code: "Internal Server Error",
    message: "Request failed due to an internal server error",
    sbErrorCode: "EDGE_FUNCTION_ERROR",
  },
};

/**
 * A failure around a function, answered as the CLI's main service answers it. `hint` is told to the
 * caller after upstream's message (e.g. which import needs the network), keeping its code and shape.
 */
export class FunctionError extends Error {
  override name = "FunctionError";
  constructor(
    readonly code: FunctionErrorCode,
    readonly detail?: string,
    readonly hint?: string,
  ) {
    super(detail === undefined ? SHAPES[code].message : `${SHAPES[code].message}: ${detail}`);
  }

  toResponse(): Response {
    const shape = SHAPES[this.code];
    const message = this.hint === undefined ? shape.message : `${shape.message}: ${this.hint}`;
    const body: Record<string, string> = { code: shape.code, message };
    if (this.code === "INTERNAL") body.trace = JSON.stringify(this.detail ?? "");
    return new Response(JSON.stringify(body), {
      status: shape.status,
      headers: { "Content-Type": "application/json", "sb-error-code": shape.sbErrorCode },
    });
  }
}

/** `404 Function not found` in text/plain, as the main service answers an unknown or disabled name. */
export function functionNotFound(): Response {
  return new Response("Function not found", { status: 404, headers: { "Content-Type": "text/plain" } });
}

/** The main service's 401 for verify_jwt: `{"msg": …}` (no x-relay-error). */
export function unauthorized(msg: string): Response {
  return new Response(JSON.stringify({ msg }), { status: 401, headers: { "Content-Type": "application/json" } });
}
