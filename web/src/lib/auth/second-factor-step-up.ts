import type { Session } from "@supabase/supabase-js";
import { authPaths, isSignedOutPath } from "./auth-paths";

/**
 * Where a page sends a session that still owes its second factor — a person with a verified
 * factor whose session is aal1 (a magic link, an email code, OAuth or SSO, a session from before
 * they enrolled): the MFA step, leading back to `here`. `null` when `here` is itself an auth
 * screen (sign-in, links, the MFA step), which handle the step themselves. Parley's data is
 * readable only at aal2 for such a person, so without the step every chat screen would come up
 * empty or refused.
 *
 * @example stepUpPath("/w/demo/c/123?message=9") // "/sign-in/mfa?next=%2Fw%2Fdemo%2Fc%2F123%3Fmessage%3D9"
 */
export function stepUpPath(here: string): string | null {
  const appPath = here.split(/[?#]/)[0] ?? here;
  if (appPath === authPaths.mfa || isSignedOutPath(appPath)) return null;
  return `${authPaths.mfa}${here === "/" ? "" : `?next=${encodeURIComponent(here)}`}`;
}

/**
 * Whether a session owes its second factor, read from the session itself (its user's factors and
 * its token's `aal`), as `getAuthenticatorAssuranceLevel` does — but without asking the client for
 * the session, which would refresh a token close to expiry and emit another event.
 */
export function sessionOwesSecondFactor(session: Session | null): boolean {
  if (!session) return false;
  const hasVerifiedFactor = (session.user.factors ?? []).some((factor) => factor.status === "verified");
  return hasVerifiedFactor && tokenLevel(session.access_token) !== "aal2";
}

function tokenLevel(token: string): unknown {
  try {
    const payload = token.split(".")[1] ?? "";
    const base64 = payload.replace(/-/g, "+").replace(/_/g, "/");
    return (JSON.parse(atob(base64.padEnd(Math.ceil(base64.length / 4) * 4, "="))) as { aal?: unknown }).aal;
  } catch {
    return undefined;
  }
}
