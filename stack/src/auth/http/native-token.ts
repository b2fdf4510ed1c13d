import type { Logger } from "pino";
import { jsonAnswer, type ServiceAnswer, type ServiceRequest } from "../../gateway/index.ts";
import type { AuthCore } from "../core.ts";
import { tokenGrant } from "../routes/token.ts";
import { authCallFromServiceRequest } from "./auth-call.ts";
import { authFailureParts } from "./failure.ts";
import { API_VERSION_HEADER } from "./respond.ts";

const BASE_PATH = "/auth/v1";

/** The requests auth answers on the gateway's native path: `POST /token`, every grant. */
export function isNativeAuthRequest(method: string, path: string): boolean {
  return method === "POST" && path === "/token";
}

/**
 * `POST /auth/v1/token` answered from the gateway's native path: the same `tokenGrant` the Hono
 * route calls, its errors mapped as the auth app's error handler maps them.
 */
export function nativeTokenHandler(
  core: AuthCore,
  logger: Logger,
): (request: ServiceRequest) => Promise<ServiceAnswer> {
  return async (request) => {
    const call = authCallFromServiceRequest(request);
    try {
      return jsonAnswer(200, await tokenGrant(call, core));
    } catch (error) {
      const failed = authFailureParts(error, {
        logger,
        path: `${BASE_PATH}${request.path}`,
        requestId: request.requestId,
        requestedVersion: call.header(API_VERSION_HEADER),
      });
      return jsonAnswer(failed.status, failed.body, failed.headers);
    }
  };
}
