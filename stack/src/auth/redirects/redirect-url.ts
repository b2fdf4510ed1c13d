import { isIP } from "node:net";
import { globToRegExp } from "./glob.ts";
import { parseRedirectTarget } from "./parse-redirect.ts";

/**
 * A redirect the stack may send a browser to: the WHATWG serialisation of a URL that passed
 * {@link allowedRedirect}, or site_url. Everything that builds a Location (or a link) from a
 * caller's redirect takes this type, so only checked addresses get tokens or codes appended.
 */
export type CheckedRedirect = string & { readonly checkedRedirect: unique symbol };

const LOOPBACK_HOSTS = new Set(["localhost", "127.0.0.1", "[::1]", "0.0.0.0"]);
const DECIMAL_HOST = /^[0-9]+$/;
/** GoTrue's regularHostname, applied to the parsed (lower-case, punycode) host. */
const REGULAR_HOST = /^[a-z0-9]([a-z0-9.-]*[a-z0-9])?$/;

function parseSiteUrl(siteUrl: string): URL | undefined {
  try {
    return new URL(siteUrl);
  } catch {
    return undefined;
  }
}

/** matches GoTrue: same scheme and host as site_url, and the same port unless the host is loopback (RFC 8252 §7.3). */
function isSameSite(site: URL, target: URL): boolean {
  return (
    site.hostname === target.hostname &&
    site.protocol === target.protocol &&
    (site.port === target.port || LOOPBACK_HOSTS.has(target.hostname))
  );
}

/** matches GoTrue: an IP-literal host is allowed only when it is loopback; a decimal number never. */
function ipVerdict(hostname: string): boolean | undefined {
  if (DECIMAL_HOST.test(hostname)) return false;
  const bare = hostname.replace(/^\[(.*)\]$/, "$1");
  const version = isIP(bare);
  if (version === 4) return bare.split(".")[0] === "127";
  if (version === 6) return bare === "::1";
  return undefined;
}

/**
 * GoTrue's IsRedirectURLValid (auth: internal/utilities/request.go) on the WHATWG-parsed URL: the
 * site's own scheme and host (any port on loopback), a loopback IP literal, or an
 * `additional_redirect_urls` glob matching the normalised URL without its fragment. Texts a browser
 * could read differently from this check are refused first (see parseRedirectTarget). Returns the
 * normalised URL to redirect to, or undefined.
 * @example allowedRedirect("http://localhost:3000", ["http://localhost:3000/**"], "http://localhost:3000/a/b") // "http://localhost:3000/a/b"
 * @example allowedRedirect("http://localhost:3000", [], "http://evil.example\\@localhost:3000/") // undefined
 */
export function allowedRedirect(
  siteUrl: string,
  allowList: readonly string[],
  redirect: string,
): CheckedRedirect | undefined {
  const target = parseRedirectTarget(redirect);
  if (!target) return undefined;
  const checked = target.href as CheckedRedirect;
  const site = parseSiteUrl(siteUrl);
  if (site && isSameSite(site, target)) return checked;
  const ip = ipVerdict(target.hostname);
  if (ip !== undefined) return ip ? checked : undefined;
  const isHttp = target.protocol === "http:" || target.protocol === "https:";
  if (isHttp && !REGULAR_HOST.test(target.hostname)) return undefined;
  const forms = globForms(target);
  return allowList.some((pattern) => forms.some((form) => globToRegExp(pattern).test(form))) ? checked : undefined;
}

/**
 * The texts a glob is matched against: the normalised URL without its fragment, and — for an
 * address at the root — the same without the `/` the parser adds (`https://a.example.com` and
 * `https://a.example.com/` are one address, and GoTrue configs list both spellings).
 */
function globForms(target: URL): string[] {
  const url = new URL(target.href);
  url.hash = "";
  const withoutFragment = url.href;
  const atRoot = url.pathname === "/" && url.search === "" && withoutFragment.endsWith("/");
  return atRoot ? [withoutFragment, withoutFragment.slice(0, -1)] : [withoutFragment];
}

/** Whether a redirect is allowed (see {@link allowedRedirect}). */
export function isRedirectAllowed(siteUrl: string, allowList: readonly string[], redirect: string): boolean {
  return allowedRedirect(siteUrl, allowList, redirect) !== undefined;
}

/**
 * The effective redirect (auth: utilities.GetReferrer): `redirect_to` if allowed, else the Referer
 * if allowed, else site_url — a refused redirect is replaced silently, never an error.
 * @example resolveRedirect("http://localhost:3000", [], "https://evil.example/") // "http://localhost:3000"
 */
export function resolveRedirect(
  siteUrl: string,
  allowList: readonly string[],
  redirectTo: string | null | undefined,
  referer?: string,
): CheckedRedirect {
  return (
    (redirectTo ? allowedRedirect(siteUrl, allowList, redirectTo) : undefined) ??
    (referer ? allowedRedirect(siteUrl, allowList, referer) : undefined) ??
    (siteUrl as CheckedRedirect)
  );
}
