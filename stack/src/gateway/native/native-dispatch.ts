import type { IncomingMessage, ServerResponse } from "node:http";
import type { Logger } from "pino";
import type { StackService } from "../context.ts";
import { corsPolicy } from "../cors.ts";
import { DEFAULT_HTTP_LIMITS } from "../http-limits.ts";
import type { KeyRing } from "../keys/index.ts";
import { NO_TRUSTED_PROXIES, type TrustedProxies } from "../network/index.ts";
import { nativeTarget, type NativeTarget } from "./native-target.ts";
import { serveNative, type NativeGateway } from "./serve-native.ts";

export interface NativeDispatchOptions {
  keys: KeyRing;
  logger: Logger;
  services: readonly StackService[];
  /** The API base paths the gateway serves (services elsewhere, the emulators, get no key step). */
  apiBasePaths: readonly string[];
  requireApiKey: boolean;
  maxBodyBytes?: number;
  trustedProxies?: TrustedProxies;
  allowedOrigins?: readonly string[];
}

/**
 * Takes a request for a service with its own handler (`StackService.handle`) and answers it from
 * `node:http` directly: true when taken, false to leave the request to the Hono app.
 */
export type NativeDispatch = (request: IncomingMessage, response: ServerResponse) => boolean;

/**
 * The gateway's native path: for the services that offer `handle`, the same steps as the Hono
 * gateway (they share one implementation of each) without building a WHATWG Request and Response
 * per request or walking Hono's router and middleware chain.
 * @example const native = createNativeDispatch(options); server.on("request", (q, s) => native(q, s) || hono(q, s));
 */
export function createNativeDispatch(options: NativeDispatchOptions): NativeDispatch {
  const services = options.services.filter(
    (s): s is NativeTarget["service"] => s.handle !== undefined && options.apiBasePaths.includes(s.basePath),
  );
  const gateway: NativeGateway = {
    keys: options.keys,
    logger: options.logger,
    requireApiKey: options.requireApiKey,
    maxBodyBytes: options.maxBodyBytes ?? DEFAULT_HTTP_LIMITS.maxBodyBytes,
    proxies: options.trustedProxies ?? NO_TRUSTED_PROXIES,
    cors: corsPolicy(options.allowedOrigins === undefined ? {} : { allowedOrigins: options.allowedOrigins }),
  };
  return (request, response) => {
    if (services.length === 0) return false;
    const target = nativeTarget(request, services);
    if (target === undefined) return false;
    serveNative(gateway, target, request, response).catch((error: unknown) => {
      options.logger.error({ err: error, path: target.path }, "native request failed");
      response.destroy();
    });
    return true;
  };
}
