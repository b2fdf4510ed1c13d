import { redirect, type RouteObject } from "react-router";
import { LocaleLayout } from "./layouts/locale-layout";
import { localeLoader, redirectToPreferredLocale } from "./layouts/locale-loader";
import { NotFoundPage } from "./pages/not-found-page";
import { RouteErrorPage } from "./pages/route-error-page";
import { loadClient, redirectIfSignedIn, requirePendingSecondFactor, requireSignedIn } from "../lib/auth/route-guards";

/** Renders nothing: shown only while the first route's loader (a catalog, a redirect) runs. */
function Nothing() {
  return null;
}

/**
 * Every page lives under a locale prefix (`/en/…`, `/ar/…`). `/` and any path without a supported
 * locale redirect to the best one for the browser. Feature routes load lazily.
 */
export const routes: RouteObject[] = [
  {
    HydrateFallback: Nothing,
    children: [
      { index: true, loader: redirectToPreferredLocale, Component: Nothing },
      {
        path: ":locale",
        loader: localeLoader,
        Component: LocaleLayout,
        children: [
          {
            ErrorBoundary: RouteErrorPage,
            children: [
              {
                index: true,
                lazy: async () => ({ Component: (await import("./pages/start-page")).StartPage }),
              },
              {
                path: "sign-in",
                loader: redirectIfSignedIn,
                lazy: async () => ({ Component: (await import("../features/auth/routes/sign-in-page")).SignInPage }),
              },
              {
                path: "sign-in/mfa",
                loader: requirePendingSecondFactor,
                lazy: async () => ({
                  Component: (await import("../features/auth/routes/mfa-challenge-page")).MfaChallengePage,
                }),
              },
              {
                path: "sign-up",
                loader: redirectIfSignedIn,
                lazy: async () => ({ Component: (await import("../features/auth/routes/sign-up-page")).SignUpPage }),
              },
              {
                path: "forgot-password",
                loader: redirectIfSignedIn,
                lazy: async () => ({
                  Component: (await import("../features/auth/routes/forgot-password-page")).ForgotPasswordPage,
                }),
              },
              {
                path: "reset-password",
                loader: requireSignedIn,
                lazy: async () => ({
                  Component: (await import("../features/auth/routes/reset-password-page")).ResetPasswordPage,
                }),
              },
              {
                path: "auth/callback",
                loader: loadClient,
                lazy: async () => ({
                  Component: (await import("../features/auth/routes/auth-callback-page")).AuthCallbackPage,
                }),
              },
              {
                path: "auth/confirm",
                loader: loadClient,
                lazy: async () => ({
                  Component: (await import("../features/auth/routes/auth-confirm-page")).AuthConfirmPage,
                }),
              },
              {
                path: "invite",
                loader: loadClient,
                lazy: async () => ({
                  Component: (await import("../features/invitations/routes/accept-invite-page")).AcceptInvitePage,
                }),
              },
              {
                path: "account-deleted",
                lazy: async () => ({
                  Component: (await import("../features/account/routes/account-deleted-page")).AccountDeletedPage,
                }),
              },
              {
                path: "account",
                loader: requireSignedIn,
                lazy: async () => ({
                  Component: (await import("../features/account/routes/account-layout")).AccountLayout,
                }),
                children: [
                  { index: true, loader: ({ params }) => redirect(`/${params.locale ?? "en"}/account/profile`) },
                  {
                    path: "profile",
                    lazy: async () => ({
                      Component: (await import("../features/account/routes/profile-page")).ProfilePage,
                    }),
                  },
                  {
                    path: "security",
                    lazy: async () => ({
                      Component: (await import("../features/account/routes/security-page")).SecurityPage,
                    }),
                  },
                  {
                    path: "sessions",
                    lazy: async () => ({
                      Component: (await import("../features/account/routes/sessions-page")).SessionsPage,
                    }),
                  },
                  {
                    path: "notifications",
                    lazy: async () => ({
                      Component: (await import("../features/notification-preferences/routes/notifications-page"))
                        .NotificationsPage,
                    }),
                  },
                ],
              },
              {
                path: "w",
                loader: requireSignedIn,
                children: [
                  {
                    index: true,
                    lazy: async () => ({
                      Component: (await import("../features/workspaces/routes/workspace-list-page")).WorkspaceListPage,
                    }),
                  },
                  {
                    path: ":slug",
                    lazy: async () => ({ Component: (await import("./layouts/workspace-frame")).WorkspaceFrame }),
                    children: [
                      {
                        index: true,
                        lazy: async () => ({
                          Component: (await import("../features/workspaces/routes/workspace-home-page"))
                            .WorkspaceHomePage,
                        }),
                      },
                      {
                        path: "c/:channelId",
                        lazy: async () => ({
                          Component: (await import("../features/channels/routes/channel-page")).ChannelPage,
                        }),
                      },
                      {
                        path: "c/:channelId/settings",
                        lazy: async () => ({
                          Component: (await import("../features/channel-settings/routes/channel-settings-page"))
                            .ChannelSettingsPage,
                        }),
                      },
                      {
                        path: "members",
                        lazy: async () => ({
                          Component: (await import("../features/members/routes/members-page")).MembersPage,
                        }),
                      },
                      {
                        path: "transfer",
                        lazy: async () => ({
                          Component: (await import("../features/workspace-transfer/routes/transfer-page")).TransferPage,
                        }),
                      },
                      {
                        path: "dm/new",
                        lazy: async () => ({
                          Component: (await import("../features/direct-messages/routes/new-message-page"))
                            .NewMessagePage,
                        }),
                      },
                      {
                        path: "channels",
                        lazy: async () => ({
                          Component: (await import("../features/channel-directory/routes/channel-directory-page"))
                            .ChannelDirectoryPage,
                        }),
                      },
                      {
                        path: "activity",
                        lazy: async () => ({
                          Component: (await import("../features/activity/routes/activity-page")).ActivityPage,
                        }),
                      },
                      {
                        path: "saved",
                        lazy: async () => ({
                          Component: (await import("../features/channels/routes/saved-page")).SavedPage,
                        }),
                      },
                      {
                        path: "search",
                        lazy: async () => ({
                          Component: (await import("../features/search/routes/search-page")).SearchPage,
                        }),
                      },
                    ],
                  },
                ],
              },
              { path: "*", Component: NotFoundPage },
            ],
          },
        ],
      },
    ],
  },
];
