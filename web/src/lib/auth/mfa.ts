import { getSupabase } from "../supabase";

/**
 * Whether the session still has to pass its second factor: the person has a verified factor
 * (`nextLevel` aal2) but the token is only aal1. Read from the stored session, no request.
 *
 * @example if (await needsSecondFactor()) navigate("/sign-in/mfa");
 */
export async function needsSecondFactor(): Promise<boolean> {
  const { data, error } = await getSupabase().auth.mfa.getAuthenticatorAssuranceLevel();
  if (error || !data) return false;
  return data.nextLevel === "aal2" && data.currentLevel !== "aal2";
}

/** Sends a text-message code for a phone factor; returns the challenge to verify against. */
export async function startChallenge(factorId: string): Promise<string> {
  const { data, error } = await getSupabase().auth.mfa.challenge({ factorId });
  if (error) throw error;
  return data.id;
}

/**
 * Proves the second factor: verifies `code` against `challengeId`, or against a fresh challenge
 * when there is none (TOTP). The session becomes aal2 and supabase-js emits MFA_CHALLENGE_VERIFIED.
 */
export async function verifySecondFactor(factorId: string, code: string, challengeId?: string): Promise<void> {
  const auth = getSupabase().auth;
  const { error } = challengeId
    ? await auth.mfa.verify({ factorId, challengeId, code })
    : await auth.mfa.challengeAndVerify({ factorId, code });
  if (error) throw error;
}
