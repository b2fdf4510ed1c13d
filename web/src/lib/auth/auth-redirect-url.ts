import type { Locale } from "../i18n/locales";
import { authPaths } from "./auth-paths";

/**
 * The absolute URL an auth email or provider sends the person back to: the PKCE callback in
 * their language, carrying where they were going. Must be allowed by the backend's redirect
 * list (`site_url`, `additional_redirect_urls`; any port on loopback hosts).
 *
 * @example authRedirectUrl("de", "/account") // "http://127.0.0.1:5173/de/auth/callback?next=%2Faccount"
 */
export function authRedirectUrl(locale: Locale, next = "/", origin = window.location.origin): string {
  const url = new URL(`/${locale}${authPaths.callback}`, origin);
  if (next !== "/") url.searchParams.set("next", next);
  return url.toString();
}
