export { contentSecurityPolicy } from "./security-headers.ts";
export { runtimeConfigScript } from "./runtime-config.ts";
export { webAppRoutes, type WebAppOptions } from "./web-app-routes.ts";
