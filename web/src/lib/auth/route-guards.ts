import { isAuthRetryableFetchError } from "@supabase/auth-js";
import { isLocale, type Locale } from "../i18n/locales";
import { localizePath } from "../i18n/localize-path";
import { backendConfigResult } from "../backend-config";
import { loadSupabase } from "../supabase";
import { authEventHub } from "./auth-state";
import { authPaths } from "./auth-paths";
import { checkSessionWithServer, needsSecondFactor } from "./mfa";
import { safeReturnPath, withoutLocale } from "./return-path";

/** The page a guard is asked about: its locale prefix (as the URL has it), path and query. */
export interface GuardedPage {
  locale: string | undefined;
  pathname: string;
  search: string;
}

/** What a guard decided: `null` lets the page render; a path (with its locale) is where to go instead. */
export type RouteGuard = (page: GuardedPage) => Promise<string | null>;

function localeOf(page: GuardedPage): Locale {
  return isLocale(page.locale) ? page.locale : "en";
}

/** `/en/sign-in?next=/account` (or `/en/sign-in/mfa?next=…`): where the person was going, kept. */
function stepPath(page: GuardedPage, step: string): string {
  const next = withoutLocale(page.pathname + page.search);
  return `/${localeOf(page)}${step}${next === "/" ? "" : `?next=${encodeURIComponent(next)}`}`;
}

/**
 * Guard for pages that need a signed-in person. It trusts the claims `getClaims()` verified
 * (against the backend's JWKS, cached by the client; refreshed first if the token is about to
 * expire), not what local storage says. Signed out → sign-in, remembering where they were going.
 * A person with a verified second factor whose token is still aal1 passes the MFA step first; the
 * first time in a page load the auth service is asked (a stored session may predate a factor added
 * on another device, and may have been ended by it).
 *
 * @example <Guarded by={requireSignedIn}><Outlet /></Guarded>
 */
export async function requireSignedIn(page: GuardedPage): Promise<string | null> {
  const { data, error } = await (await loadSupabase()).auth.getClaims();
  if (data?.claims) {
    if (data.claims.aal !== "aal2") {
      const state = await checkSessionWithServer();
      if (state === "signedOut") return stepPath(page, authPaths.signIn);
      if (state === "owesSecondFactor") return stepPath(page, authPaths.mfa);
    }
    return null;
  }
  // An unreachable backend is not a signed-out person: let the route's error page say so.
  if (error && isAuthRetryableFetchError(error)) throw error;
  return stepPath(page, authPaths.signIn);
}

/**
 * Guard for sign-in and sign-up: a person who already has a session goes where they were
 * going instead (through the MFA step when it is still due). Reads the stored session only
 * (no request): the pages themselves sign in. A page load that began signed out, with nobody
 * signed in since, renders at once, without waiting for supabase-js.
 */
export async function redirectIfSignedIn(page: GuardedPage): Promise<string | null> {
  if (authEventHub.getSnapshot().status === "signedOut") return null;
  const { data } = await (await loadSupabase()).auth.getSession();
  if (data.session && !data.session.user.is_anonymous) {
    if (await needsSecondFactor()) return `${localizePath(localeOf(page), authPaths.mfa)}${page.search}`;
    return localizePath(localeOf(page), safeReturnPath(page.search));
  }
  return null;
}

/**
 * Guard for the MFA step: only for a session that still owes its second factor. Signed out →
 * sign-in; already aal2 (or no factor) → where the person was going.
 */
export async function requirePendingSecondFactor(page: GuardedPage): Promise<string | null> {
  const { data } = await (await loadSupabase()).auth.getSession();
  if (!data.session) return `${localizePath(localeOf(page), authPaths.signIn)}${page.search}`;
  if (!(await needsSecondFactor())) return localizePath(localeOf(page), safeReturnPath(page.search));
  return null;
}

/**
 * Guard for pages open to anyone that work with the client from their first render (a link's
 * landing pages, where supabase-js reads the `?code=` or the error the URL carries).
 */
export async function loadClient(): Promise<null> {
  if (backendConfigResult.ok) await loadSupabase();
  return null;
}
