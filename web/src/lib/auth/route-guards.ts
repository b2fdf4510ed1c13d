import { isAuthRetryableFetchError, type JwtPayload } from "@supabase/auth-js";
import { redirect, type LoaderFunctionArgs } from "react-router";
import { isLocale } from "../i18n/locales";
import { localizePath } from "../i18n/localize-path";
import { backendConfigResult } from "../backend-config";
import { loadSupabase } from "../supabase";
import { authEventHub } from "./auth-state";
import { authPaths } from "./auth-paths";
import { checkSessionWithServer, needsSecondFactor } from "./mfa";
import { safeReturnPath, withoutLocale } from "./return-path";

/** `/en/sign-in?next=/account` (or `/en/sign-in/mfa?next=…`): where the person was going, kept. */
function stepPath(request: Request, locale: string, step: string): string {
  const url = new URL(request.url);
  const next = withoutLocale(url.pathname + url.search);
  return `/${locale}${step}${next === "/" ? "" : `?next=${encodeURIComponent(next)}`}`;
}

/**
 * Loader for pages that need a signed-in person. It trusts the claims `getClaims()` verified
 * (against the backend's JWKS, cached by the client; refreshed first if the token is about to
 * expire), not what local storage says. Signed out → sign-in, remembering where they were going.
 * A person with a verified second factor whose token is still aal1 passes the MFA step first; the
 * first time in a page load the auth service is asked (a stored session may predate a factor added
 * on another device, and may have been ended by it).
 *
 * @example { path: "account", loader: requireSignedIn, … }
 */
export async function requireSignedIn({ request, params }: LoaderFunctionArgs): Promise<{ claims: JwtPayload }> {
  const locale = isLocale(params.locale) ? params.locale : "en";
  const { data, error } = await (await loadSupabase()).auth.getClaims();
  if (data?.claims) {
    if (data.claims.aal !== "aal2") {
      const state = await checkSessionWithServer();
      if (state === "signedOut") throw redirect(stepPath(request, locale, authPaths.signIn));
      if (state === "owesSecondFactor") throw redirect(stepPath(request, locale, authPaths.mfa));
    }
    return { claims: data.claims };
  }
  // An unreachable backend is not a signed-out person: let the route's error page say so.
  if (error && isAuthRetryableFetchError(error)) throw error;
  throw redirect(stepPath(request, locale, authPaths.signIn));
}

/**
 * Loader for sign-in and sign-up: a person who already has a session goes where they were
 * going instead (through the MFA step when it is still due). Reads the stored session only
 * (no request): the pages themselves sign in. A page load that began signed out, with nobody
 * signed in since, renders at once, without waiting for supabase-js.
 */
export async function redirectIfSignedIn({ request, params }: LoaderFunctionArgs): Promise<null> {
  const locale = isLocale(params.locale) ? params.locale : "en";
  if (authEventHub.getSnapshot().status === "signedOut") return null;
  const { data } = await (await loadSupabase()).auth.getSession();
  if (data.session && !data.session.user.is_anonymous) {
    const search = new URL(request.url).search;
    if (await needsSecondFactor()) throw redirect(`${localizePath(locale, authPaths.mfa)}${search}`);
    throw redirect(localizePath(locale, safeReturnPath(search)));
  }
  return null;
}

/**
 * Loader for the MFA step: only for a session that still owes its second factor. Signed out →
 * sign-in; already aal2 (or no factor) → where the person was going.
 */
export async function requirePendingSecondFactor({ request, params }: LoaderFunctionArgs): Promise<null> {
  const locale = isLocale(params.locale) ? params.locale : "en";
  const search = new URL(request.url).search;
  const { data } = await (await loadSupabase()).auth.getSession();
  if (!data.session) throw redirect(`${localizePath(locale, authPaths.signIn)}${search}`);
  if (!(await needsSecondFactor())) throw redirect(localizePath(locale, safeReturnPath(search)));
  return null;
}

/**
 * Loader for pages open to anyone that work with the client from their first render (a link's
 * landing pages, where supabase-js reads the `?code=` or the error the URL carries).
 */
export async function loadClient(): Promise<null> {
  if (backendConfigResult.ok) await loadSupabase();
  return null;
}
