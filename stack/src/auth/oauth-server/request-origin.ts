import type { AuthCore } from "../core.ts";
import { validation } from "../errors.ts";
import { isRedirectAllowed } from "../redirects/redirect-url.ts";

/**
 * The consent calls come from the site's own consent page: a browser's `Origin`, when sent, must be
 * an allowed redirect URL (site_url or additional_redirect_urls), else 400 "unauthorized request
 * origin" (GoTrue oauthserver validateRequestOrigin). Server-side callers send no Origin.
 */
export function checkRequestOrigin(core: AuthCore, origin: string | undefined): void {
  if (origin === undefined || origin === "") return;
  const settings = core.settings();
  if (!isRedirectAllowed(settings.site_url, settings.additional_redirect_urls, origin))
    throw validation("unauthorized request origin");
}
