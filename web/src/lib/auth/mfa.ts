import { isAuthApiError } from "@supabase/auth-js";
import { loadSupabase } from "../supabase";
import { authEventHub } from "./auth-state";

/**
 * Whether the session still has to pass its second factor: the person has a verified factor
 * (`nextLevel` aal2) but the token is only aal1. Read from the stored session, no request.
 *
 * @example if (await needsSecondFactor()) navigate("/sign-in/mfa");
 */
export async function needsSecondFactor(): Promise<boolean> {
  const { data, error } = await (await loadSupabase()).auth.mfa.getAuthenticatorAssuranceLevel();
  if (error || !data) return false;
  return data.nextLevel === "aal2" && data.currentLevel !== "aal2";
}

/** Whether the auth service has confirmed the stored session in this page load (see `checkSessionWithServer`). */
let serverChecked = false;

/**
 * Whether the session still owes its second factor. A session restored from storage when the page
 * loaded may predate a factor added since on another device: its stored user lists no factor and
 * its token still verifies, yet Parley's data is closed to it (aal1). So for such a page load the
 * auth service is asked, once; a page that began signed out holds only sessions just handed over,
 * whose stored user is current. Adding a factor ends the other aal1 sessions, so the auth service
 * answers `session_not_found` for a stale one: it is then signed out here (`"signedOut"`), and
 * SIGNED_OUT leads to sign-in. A network failure is not a verdict: the stored session is used, and
 * the service is asked again on the next navigation.
 *
 * @example if ((await checkSessionWithServer()) === "owesSecondFactor") return mfaStepPath;
 */
export async function checkSessionWithServer(): Promise<"owesSecondFactor" | "complete" | "signedOut"> {
  if (serverChecked || authEventHub.startedWithSession() === false)
    return (await needsSecondFactor()) ? "owesSecondFactor" : "complete";
  const auth = (await loadSupabase()).auth;
  const { data: stored } = await auth.getSession();
  if (!stored.session) return "signedOut";
  const { data, error } = await auth.mfa.getAuthenticatorAssuranceLevel(stored.session.access_token);
  if (error) {
    if (isAuthApiError(error) && (error.status === 401 || error.status === 403)) {
      await auth.signOut({ scope: "local" });
      return "signedOut";
    }
    return (await needsSecondFactor()) ? "owesSecondFactor" : "complete";
  }
  serverChecked = true;
  return data.nextLevel === "aal2" && data.currentLevel !== "aal2" ? "owesSecondFactor" : "complete";
}

/** Sends a text-message code for a phone factor; returns the challenge to verify against. */
export async function startChallenge(factorId: string): Promise<string> {
  const { data, error } = await (await loadSupabase()).auth.mfa.challenge({ factorId });
  if (error) throw error;
  return data.id;
}

/**
 * Proves the second factor: verifies `code` against `challengeId`, or against a fresh challenge
 * when there is none (TOTP). The session becomes aal2 and supabase-js emits MFA_CHALLENGE_VERIFIED.
 */
export async function verifySecondFactor(factorId: string, code: string, challengeId?: string): Promise<void> {
  const auth = (await loadSupabase()).auth;
  const { error } = challengeId
    ? await auth.mfa.verify({ factorId, challengeId, code })
    : await auth.mfa.challengeAndVerify({ factorId, code });
  if (error) throw error;
}

/**
 * Proves a security-key factor: supabase-js asks the server for a challenge, has the browser ask
 * the person to touch their key, and verifies the answer; the session becomes aal2 as with a code.
 */
export async function verifySecurityKey(factorId: string): Promise<void> {
  const { error } = await (await loadSupabase()).auth.mfa.webauthn.authenticate({ factorId });
  if (error) throw error;
}
