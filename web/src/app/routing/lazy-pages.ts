import { lazy } from "react";

// Every page but the layouts loads on first visit, each in its own chunk.

export const NotFoundPage = lazy(() => import("../pages/not-found-page").then((m) => ({ default: m.NotFoundPage })));
export const ConfigurationErrorPage = lazy(() =>
  import("../pages/configuration-error-page").then((m) => ({ default: m.ConfigurationErrorPage })),
);
export const StartPage = lazy(() => import("../pages/start-page").then((m) => ({ default: m.StartPage })));
export const SignInPage = lazy(() =>
  import("../../features/auth/routes/sign-in-page").then((m) => ({ default: m.SignInPage })),
);
export const MfaChallengePage = lazy(() =>
  import("../../features/auth/routes/mfa-challenge-page").then((m) => ({ default: m.MfaChallengePage })),
);
export const SignUpPage = lazy(() =>
  import("../../features/auth/routes/sign-up-page").then((m) => ({ default: m.SignUpPage })),
);
export const ForgotPasswordPage = lazy(() =>
  import("../../features/auth/routes/forgot-password-page").then((m) => ({ default: m.ForgotPasswordPage })),
);
export const ResetPasswordPage = lazy(() =>
  import("../../features/auth/routes/reset-password-page").then((m) => ({ default: m.ResetPasswordPage })),
);
export const AuthCallbackPage = lazy(() =>
  import("../../features/auth/routes/auth-callback-page").then((m) => ({ default: m.AuthCallbackPage })),
);
export const AuthConfirmPage = lazy(() =>
  import("../../features/auth/routes/auth-confirm-page").then((m) => ({ default: m.AuthConfirmPage })),
);
export const AcceptInvitePage = lazy(() =>
  import("../../features/invitations/routes/accept-invite-page").then((m) => ({ default: m.AcceptInvitePage })),
);
export const AccountDeletedPage = lazy(() =>
  import("../../features/account/routes/account-deleted-page").then((m) => ({ default: m.AccountDeletedPage })),
);
export const AccountLayout = lazy(() =>
  import("../../features/account/routes/account-layout").then((m) => ({ default: m.AccountLayout })),
);
export const ProfilePage = lazy(() =>
  import("../../features/account/routes/profile-page").then((m) => ({ default: m.ProfilePage })),
);
export const SecurityPage = lazy(() =>
  import("../../features/account/routes/security-page").then((m) => ({ default: m.SecurityPage })),
);
export const SessionsPage = lazy(() =>
  import("../../features/account/routes/sessions-page").then((m) => ({ default: m.SessionsPage })),
);
export const NotificationsPage = lazy(() =>
  import("../../features/notification-preferences/routes/notifications-page").then((m) => ({
    default: m.NotificationsPage,
  })),
);
export const WorkspaceListPage = lazy(() =>
  import("../../features/workspaces/routes/workspace-list-page").then((m) => ({ default: m.WorkspaceListPage })),
);
export const WorkspaceFrame = lazy(() =>
  import("../layouts/workspace-frame").then((m) => ({ default: m.WorkspaceFrame })),
);
export const WorkspaceHomePage = lazy(() =>
  import("../../features/workspaces/routes/workspace-home-page").then((m) => ({ default: m.WorkspaceHomePage })),
);
export const ChannelPage = lazy(() =>
  import("../../features/channels/routes/channel-page").then((m) => ({ default: m.ChannelPage })),
);
export const ChannelSettingsPage = lazy(() =>
  import("../../features/channel-settings/routes/channel-settings-page").then((m) => ({
    default: m.ChannelSettingsPage,
  })),
);
export const MembersPage = lazy(() =>
  import("../../features/members/routes/members-page").then((m) => ({ default: m.MembersPage })),
);
export const CustomEmojiPage = lazy(() =>
  import("../../features/custom-emoji/routes/custom-emoji-page").then((m) => ({ default: m.CustomEmojiPage })),
);
export const TransferPage = lazy(() =>
  import("../../features/workspace-transfer/routes/transfer-page").then((m) => ({ default: m.TransferPage })),
);
export const NewMessagePage = lazy(() =>
  import("../../features/direct-messages/routes/new-message-page").then((m) => ({ default: m.NewMessagePage })),
);
export const ChannelDirectoryPage = lazy(() =>
  import("../../features/channel-directory/routes/channel-directory-page").then((m) => ({
    default: m.ChannelDirectoryPage,
  })),
);
export const ActivityPage = lazy(() =>
  import("../../features/activity/routes/activity-page").then((m) => ({ default: m.ActivityPage })),
);
export const SavedPage = lazy(() =>
  import("../../features/channels/routes/saved-page").then((m) => ({ default: m.SavedPage })),
);
export const SearchPage = lazy(() =>
  import("../../features/search/routes/search-page").then((m) => ({ default: m.SearchPage })),
);
