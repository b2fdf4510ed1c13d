import { globToRegExp } from "./glob.ts";

const LOOPBACK_HOSTS = new Set(["localhost", "127.0.0.1", "::1", "0.0.0.0", "[::1]"]);
const DECIMAL_HOST = /^[0-9]+$/;
const REGULAR_HOST = /^[a-zA-Z0-9]([a-zA-Z0-9.-]*[a-zA-Z0-9])?$/;

function isIpLiteral(host: string): boolean {
  return /^\d{1,3}(\.\d{1,3}){3}$/.test(host) || host.includes(":");
}
function isLoopbackIp(host: string): boolean {
  const bare = host.replace(/^\[|\]$/g, "");
  return bare === "::1" || /^127\./.test(bare);
}

/**
 * GoTrue's IsRedirectURLValid (auth: internal/utilities/request.go, auth.md §5.3): same scheme and
 * host as site_url (any port on loopback), loopback IP literals, or an allow-list glob match
 * (without the fragment).
 * @example isRedirectAllowed("http://localhost:3000", ["http://localhost:3000/**"], "http://localhost:3000/a/b")
 */
export function isRedirectAllowed(siteUrl: string, allowList: readonly string[], redirect: string): boolean {
  if (redirect === "") return false;
  let base: URL;
  let target: URL;
  try {
    base = new URL(siteUrl);
    target = new URL(redirect);
  } catch {
    return false;
  }
  // WHATWG URL rewrites "http://2130706433" to 127.0.0.1; Go keeps the raw host, so read it from the text.
  const rawHost = /^[a-z][a-z0-9+.-]*:\/\/(?:[^/?#@]*@)?(\[[^\]]*\]|[^:/?#]*)/i.exec(redirect)?.[1] ?? target.hostname;
  const host = rawHost.toLowerCase();
  if (base.hostname === host && base.protocol === target.protocol && (base.port === target.port || LOOPBACK_HOSTS.has(host))) {
    return true;
  }
  const isHttp = target.protocol === "http:" || target.protocol === "https:";
  if (DECIMAL_HOST.test(host)) return false;
  if (isIpLiteral(host)) return isLoopbackIp(host);
  if (isHttp && !REGULAR_HOST.test(host)) return false;
  const withoutFragment = redirect.split("#")[0] ?? redirect;
  return allowList.some((pattern) => globToRegExp(pattern).test(withoutFragment));
}

/** The effective redirect: `redirect_to` if allowed, else the Referer if allowed, else site_url. */
export function resolveRedirect(siteUrl: string, allowList: readonly string[], redirectTo: string | undefined, referer?: string): string {
  if (redirectTo && isRedirectAllowed(siteUrl, allowList, redirectTo)) return redirectTo;
  if (referer && isRedirectAllowed(siteUrl, allowList, referer)) return referer;
  return siteUrl;
}
