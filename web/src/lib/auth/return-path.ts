/**
 * Where to go after signing in: an app path (without its locale) taken from `?next=`, accepted
 * only when it stays inside the app (`/x`, never `//evil.example` or `https://…`).
 *
 * @example safeReturnPath("?next=%2Faccount%2Fprofile") // "/account/profile"
 */
export function safeReturnPath(search: string, fallback = "/"): string {
  const next = new URLSearchParams(search).get("next");
  if (next === null || !next.startsWith("/") || next.startsWith("//") || next.includes("\\")) return fallback;
  return next;
}

/** `/de/account/profile?tab=1` → `/account/profile?tab=1`: the app path a locale prefix was added to. */
export function withoutLocale(pathWithSearch: string): string {
  const rest = pathWithSearch.replace(/^\/[^/?#]*/, "");
  return rest === "" || rest.startsWith("?") || rest.startsWith("#") ? `/${rest}` : rest;
}
