export { contentSecurityPolicy } from "./security-headers.ts";
export { runtimeConfigScript } from "./runtime-config.ts";
export { webAppRoutes, type WebAppOptions } from "./web-app-routes.ts";
export { UNTRUSTED_CONTENT_POLICY, untrustedContentHeaders } from "./untrusted-content.ts";
