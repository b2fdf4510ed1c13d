import { authPaths, isSignedOutPath } from "./auth-paths";
import { needsSecondFactor } from "./mfa";

/**
 * Where a page must send a session that still owes its second factor — a person with a verified
 * factor whose session is aal1 (a magic link, an email code, OAuth or SSO, a session from before
 * they enrolled): the MFA step, leading back to `here`. `null` when nothing is owed, or when `here`
 * is itself an auth screen (sign-in, links, the MFA step), which handle the step themselves.
 * Parley's data is readable only at aal2 for such a person, so without the step every chat screen
 * would come up empty or refused.
 *
 * @example await stepUpPath("/w/demo/c/123?message=9") // "/sign-in/mfa?next=%2Fw%2Fdemo%2Fc%2F123%3Fmessage%3D9"
 */
export async function stepUpPath(here: string): Promise<string | null> {
  const appPath = here.split(/[?#]/)[0] ?? here;
  if (appPath === authPaths.mfa || isSignedOutPath(appPath)) return null;
  if (!(await needsSecondFactor())) return null;
  return `${authPaths.mfa}${here === "/" ? "" : `?next=${encodeURIComponent(here)}`}`;
}
