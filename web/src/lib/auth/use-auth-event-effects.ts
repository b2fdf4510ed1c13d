import { useQueryClient } from "@tanstack/react-query";
import type { AuthChangeEvent, Session } from "@supabase/supabase-js";
import { useEffect, useRef } from "react";
import { useNavigate } from "react-router";
import { useLocale } from "../i18n/locale-context";
import { isLocale, type Locale } from "../i18n/locales";
import { localizePath } from "../i18n/localize-path";
import { forgetAllDrafts } from "../drafts/draft-store";
import { forgetThisBrowserPush } from "../web-push/push-worker";
import { authPaths, isGuestOnlyPath, isSignedOutPath } from "./auth-paths";
import { authQueryKeys } from "./auth-query-keys";
import { getSupabase } from "../supabase";
import { isAccessRefusal } from "./access-refusal";
import { isHalfConfirmedLink } from "./link-message";
import { authEventHub } from "./auth-state";
import { needsSecondFactor } from "./mfa";
import { safeReturnPath, withoutLocale } from "./return-path";
import { sessionOwesSecondFactor, stepUpPath } from "./second-factor-step-up";

/** The language a person chose in their profile, if it is one the app ships. */
export function preferredLocaleOf(session: Session | null): Locale | undefined {
  const value: unknown = session?.user.user_metadata.locale;
  return typeof value === "string" && isLocale(value) ? value : undefined;
}

/**
 * The app's reaction to every auth event, in one place (the event hub delivers them here):
 *
 * - SIGNED_IN / MFA_CHALLENGE_VERIFIED: on a sign-in, sign-up, link or MFA screen, go where the
 *   person was going (`?next=`), in their preferred language — through the MFA step first when
 *   they have a verified factor and the session is still aal1; a recovery link goes to the
 *   new-password screen. Elsewhere (a session restored on load or in another tab, a link that
 *   opens an app page such as an invitation) stay put, unless the second factor is still owed:
 *   then the MFA step comes first, leading back. The link screen of a half-confirmed email change
 *   stays put. MFA_CHALLENGE_VERIFIED also drops what was cached at aal1 (empty, since the
 *   policies ask aal2 of a person with a factor) and hands the aal2 token to realtime, which
 *   supabase-js does only on SIGNED_IN and TOKEN_REFRESHED: channels joined with the aal1 token
 *   would get no changes and no private topics.
 * - SIGNED_OUT: forget every cached query and every draft, unsubscribe this browser from Web Push (the
 *   person's notifications stop reaching it), and leave any page that needs a session for sign-in.
 *   supabase-js relays the event to every tab of this browser, so all of them follow.
 * - TOKEN_REFRESHED: supabase-js hands the new token to realtime itself; a session that owes its
 *   second factor goes to the MFA step (judged from the event's session: asking the client for it
 *   would refresh a short-lived token again, and again).
 * - USER_UPDATED: the cached user is replaced, so every screen showing it updates; a second factor
 *   still owed sends the person to the MFA step.
 * - PASSWORD_RECOVERY: open the new-password screen.
 *
 * A data error that is a refusal (row level security, 401/403) while the second factor is owed
 * also leads to the MFA step rather than to a broken screen.
 */
export function useAuthEventEffects(): void {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const locale = useLocale();
  const localeRef = useRef(locale);
  useEffect(() => {
    localeRef.current = locale;
  }, [locale]);

  useEffect(() => {
    function go(path: string, targetLocale: Locale = localeRef.current) {
      void navigate(localizePath(targetLocale, path), { replace: true });
    }
    /** To the MFA step, leading back here, when the session owes its second factor. */
    function stepUpIf(owed: boolean | Promise<boolean>) {
      const { pathname, search } = window.location;
      const path = stepUpPath(withoutLocale(pathname + search));
      if (path) void Promise.resolve(owed).then((yes) => yes && go(path));
    }
    const onDataError = (error: unknown) => {
      if (isAccessRefusal(error)) stepUpIf(needsSecondFactor());
    };
    const offQueries = queryClient.getQueryCache().subscribe((event) => {
      if (event.type === "updated" && event.action.type === "error") onDataError(event.action.error);
    });
    const offMutations = queryClient.getMutationCache().subscribe((event) => {
      if (event.type === "updated" && event.action.type === "error") onDataError(event.action.error);
    });

    const offAuth = authEventHub.setHandler((event: AuthChangeEvent, session: Session | null) => {
      const { pathname, search, hash } = window.location;
      const appPath = withoutLocale(pathname);
      switch (event) {
        case "SIGNED_IN":
        case "MFA_CHALLENGE_VERIFIED": {
          if (event === "MFA_CHALLENGE_VERIFIED") {
            // Whatever was read before the code was read at aal1, where the policies show nothing.
            void queryClient.resetQueries();
            if (session) void getSupabase().realtime.setAuth(session.access_token);
          }
          if (session) queryClient.setQueryData(authQueryKeys.user(), session.user);
          const onMfaStep = appPath === authPaths.mfa;
          if (!isGuestOnlyPath(appPath) && !onMfaStep) return stepUpIf(sessionOwesSecondFactor(session));
          // The first half of an email change, opened where the person is signed in: the link
          // screen says to confirm the other address; the restored session must not move on.
          if (isHalfConfirmedLink(search, hash)) return;
          if (new URLSearchParams(search).get("type") === "recovery") return go(authPaths.resetPassword);
          // A person with a verified second factor passes it before the app opens (aal2).
          void needsSecondFactor().then((pending) => {
            const target = preferredLocaleOf(session) ?? localeRef.current;
            if (!pending) return go(safeReturnPath(search), target);
            const next = new URLSearchParams(search).get("next");
            if (!onMfaStep) go(`${authPaths.mfa}${next ? `?next=${encodeURIComponent(next)}` : ""}`, target);
          });
          return;
        }
        case "SIGNED_OUT": {
          queryClient.clear();
          forgetAllDrafts();
          void forgetThisBrowserPush().catch(() => undefined);
          if (isSignedOutPath(appPath)) return;
          // Signed out during the MFA step: back to sign-in, still heading where they were.
          if (appPath === authPaths.mfa) return go(`${authPaths.signIn}${search}`);
          const next = withoutLocale(pathname + search);
          return go(`${authPaths.signIn}${next === "/" ? "" : `?next=${encodeURIComponent(next)}`}`);
        }
        case "TOKEN_REFRESHED":
          return stepUpIf(sessionOwesSecondFactor(session));
        case "USER_UPDATED":
          if (session) queryClient.setQueryData(authQueryKeys.user(), session.user);
          return stepUpIf(sessionOwesSecondFactor(session));
        case "PASSWORD_RECOVERY":
          return go(authPaths.resetPassword);
        default:
          return;
      }
    });
    return () => {
      offAuth();
      offQueries();
      offMutations();
    };
  }, [navigate, queryClient]);
}
