import { Suspense, use } from "react";
import { Navigate, Outlet, useLocation, useParams, useRoutes, type RouteObject } from "react-router";
import { Guarded } from "../../lib/auth/guarded";
import { FirstScreenShown } from "../../lib/first-screen/first-screen";
import { useLocale } from "../../lib/i18n/locale-context";
import { useCatalogPart } from "../../lib/i18n/catalog-complete";
import { loadMessages } from "../../lib/i18n/messages";
import {
  loadClient,
  redirectIfSignedIn,
  requirePendingSecondFactor,
  requireSignedIn,
} from "../../lib/auth/route-guards";
import { LocaleLayout } from "../layouts/locale-layout";
import { PreferredLocaleRedirect } from "../layouts/preferred-locale-redirect";
import * as pages from "./lazy-pages";
import { isConversationPath } from "./conversation-route";
import { firstScreenOf } from "./first-screen-route";
import { RouteErrorBoundary } from "./route-error-boundary";

/** Suspends until the locale's whole catalog is in (a visit begun on a first screen loads it late). */
function CompleteCatalog() {
  use(loadMessages(useLocale()));
  return null;
}

/**
 * Where each page renders: the error boundary and the loading fallback every page shares. A page
 * waits for the whole catalog unless it is the first screen whose part is in force (see
 * `LocaleFrame`), and counts as the first screen once shown (a conversation says so itself once its
 * messages are on screen).
 */
function PageSlot() {
  const { pathname } = useLocation();
  const part = useCatalogPart();
  const awaitsCatalog = part !== undefined && firstScreenOf(pathname) !== part;
  return (
    <RouteErrorBoundary pathname={pathname}>
      <Suspense fallback={null}>
        {awaitsCatalog && <CompleteCatalog />}
        <Outlet />
        {!isConversationPath(pathname) && <FirstScreenShown />}
      </Suspense>
    </RouteErrorBoundary>
  );
}

/** `/:locale/account` shows its first section. */
function AccountIndexRedirect() {
  const { locale } = useParams();
  return <Navigate replace to={`/${locale ?? "en"}/account/profile`} />;
}

const workspaceRoutes: RouteObject[] = [
  { index: true, element: <pages.WorkspaceHomePage /> },
  { path: "c/:channelId", element: <pages.ChannelPage /> },
  { path: "c/:channelId/settings", element: <pages.ChannelSettingsPage /> },
  { path: "members", element: <pages.MembersPage /> },
  { path: "transfer", element: <pages.TransferPage /> },
  { path: "emoji", element: <pages.CustomEmojiPage /> },
  { path: "dm/new", element: <pages.NewMessagePage /> },
  { path: "channels", element: <pages.ChannelDirectoryPage /> },
  { path: "activity", element: <pages.ActivityPage /> },
  { path: "saved", element: <pages.SavedPage /> },
  { path: "search", element: <pages.SearchPage /> },
];

const accountRoutes: RouteObject[] = [
  { index: true, element: <AccountIndexRedirect /> },
  { path: "profile", element: <pages.ProfilePage /> },
  { path: "security", element: <pages.SecurityPage /> },
  { path: "sessions", element: <pages.SessionsPage /> },
  { path: "notifications", element: <pages.NotificationsPage /> },
];

const localePages: RouteObject[] = [
  { index: true, element: <pages.StartPage /> },
  {
    path: "sign-in",
    element: (
      <Guarded by={redirectIfSignedIn}>
        <pages.SignInPage />
      </Guarded>
    ),
  },
  {
    path: "sign-in/mfa",
    element: (
      <Guarded by={requirePendingSecondFactor}>
        <pages.MfaChallengePage />
      </Guarded>
    ),
  },
  {
    path: "sign-up",
    element: (
      <Guarded by={redirectIfSignedIn}>
        <pages.SignUpPage />
      </Guarded>
    ),
  },
  {
    path: "forgot-password",
    element: (
      <Guarded by={redirectIfSignedIn}>
        <pages.ForgotPasswordPage />
      </Guarded>
    ),
  },
  {
    path: "reset-password",
    element: (
      <Guarded by={requireSignedIn}>
        <pages.ResetPasswordPage />
      </Guarded>
    ),
  },
  {
    path: "auth/callback",
    element: (
      <Guarded by={loadClient}>
        <pages.AuthCallbackPage />
      </Guarded>
    ),
  },
  {
    path: "auth/confirm",
    element: (
      <Guarded by={loadClient}>
        <pages.AuthConfirmPage />
      </Guarded>
    ),
  },
  {
    path: "invite",
    element: (
      <Guarded by={loadClient}>
        <pages.AcceptInvitePage />
      </Guarded>
    ),
  },
  { path: "account-deleted", element: <pages.AccountDeletedPage /> },
  {
    path: "account",
    element: (
      <Guarded by={requireSignedIn}>
        <pages.AccountLayout />
      </Guarded>
    ),
    children: accountRoutes,
  },
  {
    path: "w",
    element: (
      <Guarded by={requireSignedIn}>
        <Outlet />
      </Guarded>
    ),
    children: [
      { index: true, element: <pages.WorkspaceListPage /> },
      { path: ":slug", element: <pages.WorkspaceFrame />, children: workspaceRoutes },
    ],
  },
  { path: "*", element: <pages.NotFoundPage /> },
];

/**
 * Every page lives under a locale prefix (`/en/…`, `/ar/…`). `/` and any path without a supported
 * locale redirect to the best one for the browser. Pages load lazily; guards decide who may see
 * them before they render (see `Guarded`).
 */
const routes: RouteObject[] = [
  { index: true, element: <PreferredLocaleRedirect /> },
  {
    path: ":locale",
    element: <LocaleLayout />,
    children: [{ element: <PageSlot />, children: localePages }],
  },
];

/** The app's pages for the current URL; nothing shows until the first one (and its catalog) is ready. */
export function AppRoutes() {
  const page = useRoutes(routes);
  return <Suspense fallback={null}>{page}</Suspense>;
}
