import { isAuthRetryableFetchError, type JwtPayload } from "@supabase/supabase-js";
import { redirect, type LoaderFunctionArgs } from "react-router";
import { isLocale } from "../i18n/locales";
import { localizePath } from "../i18n/localize-path";
import { getSupabase } from "../supabase";
import { safeReturnPath, withoutLocale } from "./return-path";

function signInPath(request: Request, locale: string): string {
  const url = new URL(request.url);
  const next = withoutLocale(url.pathname + url.search);
  return `/${locale}/sign-in${next === "/" ? "" : `?next=${encodeURIComponent(next)}`}`;
}

/**
 * Loader for pages that need a signed-in person. It trusts the claims `getClaims()` verified
 * (against the backend's JWKS, cached by the client; refreshed first if the token is about to
 * expire), not what local storage says. Signed out → sign-in, remembering where they were going.
 *
 * @example { path: "account", loader: requireSignedIn, … }
 */
export async function requireSignedIn({ request, params }: LoaderFunctionArgs): Promise<{ claims: JwtPayload }> {
  const locale = isLocale(params.locale) ? params.locale : "en";
  const { data, error } = await getSupabase().auth.getClaims();
  if (data?.claims) return { claims: data.claims };
  // An unreachable backend is not a signed-out person: let the route's error page say so.
  if (error && isAuthRetryableFetchError(error)) throw error;
  throw redirect(signInPath(request, locale));
}

/**
 * Loader for sign-in and sign-up: a person who already has a session goes where they were
 * going instead. Reads the stored session only (no request): the pages themselves sign in.
 */
export async function redirectIfSignedIn({ request, params }: LoaderFunctionArgs): Promise<null> {
  const locale = isLocale(params.locale) ? params.locale : "en";
  const { data } = await getSupabase().auth.getSession();
  if (data.session && !data.session.user.is_anonymous) {
    throw redirect(localizePath(locale, safeReturnPath(new URL(request.url).search)));
  }
  return null;
}
