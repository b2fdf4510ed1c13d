export { clientAddress, type ClientAddress } from "./client-address.ts";
export { clientAddressMiddleware } from "./client-address-middleware.ts";
export { NO_TRUSTED_PROXIES, parseTrustedProxies, unmapIpv4, type TrustedProxies } from "./trusted-proxies.ts";
export { parseListenHost } from "./listen-host.ts";
