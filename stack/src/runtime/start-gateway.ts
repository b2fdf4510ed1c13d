import type { Hono } from "hono";
import type { Logger } from "pino";
import {
  createGateway,
  createGatewayServer,
  createNativeGateway,
  DEFAULT_HTTP_LIMITS,
  listenHttp,
  type GatewayEnv,
  type GatewayOptions,
  type HttpLimits,
  type KeyRing,
  type ListeningServer,
  type StackService,
  type TrustedProxies,
} from "../gateway/index.ts";
import { allowedOrigins } from "./production/index.ts";
import { switchedOffServices } from "./start-services.ts";
import type { StartConfig } from "./start-plan.ts";
import type { StopSteps } from "./stop-steps.ts";

export interface GatewayStartOptions {
  keys: KeyRing;
  logger: Logger;
  services: readonly StackService[];
  internal: Hono<GatewayEnv>;
  port: number;
  host: string | undefined;
  requireApiKey: boolean;
  http: Partial<HttpLimits> | undefined;
  trustedProxies: TrustedProxies | undefined;
}

/**
 * Step "gateway": the one HTTP server, listening. On stop it stops accepting first (services then
 * end their own connections, realtime with 1001); the server closes after the services stopped.
 */
export async function startGateway(
  start: StartConfig,
  options: GatewayStartOptions,
  stops: StopSteps,
  closeAfterServices: { server?: ListeningServer },
): Promise<ListeningServer> {
  const limits: HttpLimits = { ...DEFAULT_HTTP_LIMITS, ...options.http };
  const gateway: GatewayOptions = {
    keys: options.keys,
    logger: options.logger,
    services: options.services,
    requireApiKey: options.requireApiKey,
    internal: options.internal,
    maxBodyBytes: limits.maxBodyBytes,
    switchedOff: switchedOffServices(start),
    ...(options.trustedProxies ? { trustedProxies: options.trustedProxies } : {}),
    ...(start.production ? { allowedOrigins: allowedOrigins(start.config), webRoot: start.production.webRoot } : {}),
  };
  const listening = await listenHttp(
    createGatewayServer(
      createGateway(gateway),
      options.services,
      options.keys,
      limits,
      createNativeGateway(gateway),
      options.logger,
    ),
    options.port,
    "api.port",
    options.host,
  );
  closeAfterServices.server = listening;
  stops.add(async () => listening.stopAccepting());
  return listening;
}
