import type { AuthSettings } from "../config/settings.ts";
import { resolveRedirect, type CheckedRedirect } from "../redirects/redirect-url.ts";
import type { AuthContext } from "./route.ts";

/**
 * The effective redirect of a request (auth: utilities.GetReferrer): the `redirect_to` header or
 * query parameter when allowed, else an allowed Referer, else site_url. Invalid values are replaced
 * silently, never refused. The result is the checked URL as the parser serialised it.
 */
export function requestRedirect(c: AuthContext, settings: AuthSettings): CheckedRedirect {
  const asked = c.req.header("redirect_to") ?? c.req.query("redirect_to");
  return resolveRedirect(settings.site_url, settings.additional_redirect_urls, asked, c.req.header("referer"));
}
