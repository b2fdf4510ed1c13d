import { useCallback, useEffect, useRef, useState, type RefObject } from "react";
import { z } from "../../../lib/zod-mini";
import { GoogleIdentityError } from "../../../lib/auth/google-identity-error";
import { loadGoogleIdentity, type GoogleAccountsId, type GooglePromptMoment } from "../api/google-identity";
import { hashNonce, newNonce, signInWithIdToken } from "../api/sign-in-with-id-token";

const credentialResponse = z.object({ credential: z.string().check(z.minLength(1)) });

/** The person's own state, not a fault: no Google session here, or they muted one tap for a while. */
const quietNotDisplayedReasons = new Set(["opt_out_or_no_session", "suppressed_by_user"]);

/** A prompt Google declined to show for a reason worth telling (origin or client id wrong, …). */
function notDisplayedProblem(moment: GooglePromptMoment): GoogleIdentityError | null {
  if (moment.isNotDisplayed?.() === true) {
    const reason = moment.getNotDisplayedReason?.() ?? "unknown_reason";
    return quietNotDisplayedReasons.has(reason) ? null : new GoogleIdentityError("promptNotDisplayed", reason);
  }
  if (moment.isSkippedMoment?.() === true && moment.getSkippedReason?.() === "issuing_failed") {
    return new GoogleIdentityError("promptNotDisplayed", "issuing_failed");
  }
  return null;
}

export type GoogleOneTapOptions = {
  clientId: string;
  /** Google's button speaks the page's language. */
  locale: string;
  /** Where Google renders its own sign-in button, the fallback whenever the prompt is not shown. */
  buttonRef: RefObject<HTMLElement | null>;
  onError: (error: unknown) => void;
  /** The boundary to Google Identity Services (tests hand in a fake `google.accounts.id`). */
  loadGoogle?: () => Promise<GoogleAccountsId>;
  /** Defaults to `supabase.auth.signInWithIdToken(credentials)`, throwing its error. */
  signIn?: (credentials: GoogleIdTokenCredentials) => Promise<void>;
};

/** What `supabase.auth.signInWithIdToken` is given: Google's credential and the RAW nonce. */
export type GoogleIdTokenCredentials = { provider: "google"; token: string; nonce: string };

const signInWithGoogleToken = ({ provider, token, nonce }: GoogleIdTokenCredentials) =>
  signInWithIdToken(provider, token, nonce);

/**
 * Google one tap through Google Identity Services, as Supabase documents it: a raw nonce stays
 * here for `signInWithIdToken`, its SHA-256 hex goes to `google.accounts.id.initialize` (Google
 * signs it into the ID token), the prompt uses FedCM, and Google's button is rendered as the
 * fallback. A signed-in person then follows the app's SIGNED_IN path (MFA step, then `?next=`).
 * `restart` starts over with a fresh nonce (after an error).
 */
export function useGoogleOneTap({
  clientId,
  locale,
  buttonRef,
  onError,
  loadGoogle = loadGoogleIdentity,
  signIn = signInWithGoogleToken,
}: GoogleOneTapOptions) {
  const [pending, setPending] = useState(false);
  const [attempt, setAttempt] = useState(0);
  const onErrorRef = useRef(onError);
  const signInRef = useRef(signIn);
  useEffect(() => {
    onErrorRef.current = onError;
    signInRef.current = signIn;
  }, [onError, signIn]);

  useEffect(() => {
    let active = true;
    let api: GoogleAccountsId | null = null;

    async function complete(response: unknown, rawNonce: string) {
      const parsed = credentialResponse.safeParse(response);
      if (!parsed.success) return onErrorRef.current(new GoogleIdentityError("noCredential"));
      setPending(true);
      try {
        await signInRef.current({ provider: "google", token: parsed.data.credential, nonce: rawNonce });
      } catch (error) {
        if (active) onErrorRef.current(error);
      } finally {
        if (active) setPending(false);
      }
    }

    async function start() {
      try {
        const loaded = await loadGoogle();
        const rawNonce = newNonce();
        const hashedNonce = await hashNonce(rawNonce);
        if (!active) return;
        api = loaded;
        loaded.initialize({
          client_id: clientId,
          nonce: hashedNonce,
          use_fedcm_for_prompt: true,
          context: "signin",
          itp_support: true,
          callback: (response) => void complete(response, rawNonce),
        });
        if (buttonRef.current) {
          loaded.renderButton(buttonRef.current, {
            type: "standard",
            theme: "outline",
            size: "large",
            text: "continue_with",
            shape: "pill",
            locale,
          });
        }
        loaded.prompt((moment) => {
          const problem = notDisplayedProblem(moment);
          if (problem && active) onErrorRef.current(problem);
        });
      } catch (error) {
        if (active) onErrorRef.current(error);
      }
    }

    void start();
    return () => {
      active = false;
      api?.cancel();
    };
  }, [clientId, locale, buttonRef, loadGoogle, attempt]);

  const restart = useCallback(() => setAttempt((count) => count + 1), []);
  return { pending, restart };
}
