// A refused bearer token, answered as PostgREST v14 does (Error.hs JwtErr):
// PGRST301 when the token cannot be decoded or verified, PGRST303 when its claims are invalid.

import type { JwtFailure, ServiceAnswer } from "../gateway/index.ts";
import { RestProblem } from "./errors.ts";
import { errorAnswer } from "./handlers/respond.ts";

const DECODE_FAILURES = new Set<JwtFailure["kind"]>(["empty", "parts", "no_key", "crypto", "alg"]);

export function rejectInvalidToken(failure: JwtFailure): ServiceAnswer {
  const code = DECODE_FAILURES.has(failure.kind) ? "PGRST301" : "PGRST303";
  const description = failure.message.replaceAll("\\", "\\\\").replaceAll('"', '\\"');
  return errorAnswer(
    new RestProblem({
      code,
      status: 401,
      message: failure.message,
      details: failure.details ?? null,
      hint: null,
      headers: { "WWW-Authenticate": `Bearer error="invalid_token", error_description="${description}"` },
    }),
  );
}
