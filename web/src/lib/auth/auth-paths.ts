/** App paths (without locale) of the screens that exist for people who are not signed in. */
export const authPaths = {
  signIn: "/sign-in",
  /** The second step of signing in when the person has a verified second factor. */
  mfa: "/sign-in/mfa",
  signUp: "/sign-up",
  forgotPassword: "/forgot-password",
  resetPassword: "/reset-password",
  callback: "/auth/callback",
  confirm: "/auth/confirm",
  /** Where a person lands after deleting their account (shown signed out). */
  accountDeleted: "/account-deleted",
} as const;

/** Screens a signed-in person leaves for where they were going (SIGNED_IN moves them on). */
const guestOnlyPaths: string[] = [
  authPaths.signIn,
  authPaths.signUp,
  authPaths.forgotPassword,
  authPaths.callback,
  authPaths.confirm,
];

/** Screens that stay put when the person is signed out (every other page goes to sign-in). */
const signedOutPaths: string[] = [...guestOnlyPaths, authPaths.resetPassword, authPaths.accountDeleted];

export function isGuestOnlyPath(appPath: string): boolean {
  return guestOnlyPaths.includes(appPath);
}

export function isSignedOutPath(appPath: string): boolean {
  return signedOutPaths.includes(appPath);
}
