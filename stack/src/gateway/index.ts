export type {
  ApiKeyKind,
  GatewayEnv,
  GatewayVariables,
  RequestAuth,
  ServiceDeps,
  ServiceFactory,
  StackService,
  StackUrls,
} from "./context.ts";
export { createGateway, createNativeGateway, SERVICE_BASE_PATHS, type GatewayOptions } from "./create-gateway.ts";
export { jsonAnswer, setHeader, type ServiceAnswer, type ServiceHandler, type ServiceRequest } from "./native/index.ts";
export { createGatewayServer, listenHttp, PortInUseError, type ListeningServer } from "./listen.ts";
export { BODY_TOO_LARGE_BODY } from "./body-limit.ts";
export { discardRest } from "./discard-body.ts";
export { DEFAULT_HTTP_LIMITS, type HttpLimits } from "./http-limits.ts";
export { EXPOSED_HEADERS } from "./cors.ts";
export { INVALID_API_KEY_BODY, NO_API_KEY_BODY, resolveApiKey } from "./api-key.ts";
export * from "./keys/index.ts";
export {
  parseListenHost,
  parseTrustedProxies,
  NO_TRUSTED_PROXIES,
  type ClientAddress,
  type TrustedProxies,
} from "./network/index.ts";
export { makePrivateDir, PRIVATE_DIR_MODE, PRIVATE_FILE_MODE } from "./private-files.ts";
export { safeEqual } from "./safe-equal.ts";
