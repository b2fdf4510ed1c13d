import type { To } from "react-router";
import type { Locale } from "./locales";

/**
 * Prefixes an app path with a locale: `/settings` → `/de/settings`, `/` → `/de`. Relative paths
 * are left alone, since the router resolves them inside the current (already localized) route.
 *
 * @example localizePath("ar", "/channels?id=1") // "/ar/channels?id=1"
 */
export function localizePath(locale: Locale, path: string): string {
  if (!path.startsWith("/")) return path;
  if (path === "/") return `/${locale}`;
  if (path.startsWith("/?") || path.startsWith("/#")) return `/${locale}${path.slice(1)}`;
  return `/${locale}${path}`;
}

/** {@link localizePath} for anything React Router accepts as a destination. */
export function localizeTo(locale: Locale, to: To): To {
  if (typeof to === "string") return localizePath(locale, to);
  if (to.pathname === undefined) return to;
  return { ...to, pathname: localizePath(locale, to.pathname) };
}

/**
 * The same page in another locale: swaps the first path segment.
 *
 * @example switchLocalePath("/de/channels/42", "fr") // "/fr/channels/42"
 */
export function switchLocalePath(pathname: string, locale: Locale): string {
  const rest = pathname.replace(/^\/[^/]*/, "");
  return `/${locale}${rest}`;
}
