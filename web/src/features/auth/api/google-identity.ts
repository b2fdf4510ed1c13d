import { z } from "../../../lib/zod-mini";
import { GoogleIdentityError } from "../../../lib/auth/google-identity-error";

/** What Google calls back with: `credential` is the ID token (a JWT) for the chosen account. */
export type GoogleCredentialResponse = { credential?: string; select_by?: string };

/** The subset of `google.accounts.id.initialize`'s IdConfiguration Parley sets. */
export type GoogleIdConfiguration = {
  client_id: string;
  callback: (response: GoogleCredentialResponse) => void;
  /** Google copies it into the ID token's `nonce` claim: the SHA-256 hex of the raw nonce. */
  nonce: string;
  use_fedcm_for_prompt: boolean;
  context?: "signin" | "signup" | "use";
  itp_support?: boolean;
};

/**
 * The prompt's status. Under FedCM Google drops the display-moment methods, so every one is
 * optional and read only when present.
 */
export type GooglePromptMoment = {
  isNotDisplayed?: () => boolean;
  getNotDisplayedReason?: () => string;
  isSkippedMoment?: () => boolean;
  getSkippedReason?: () => string;
};

/** The subset of `renderButton`'s GsiButtonConfiguration Parley sets. */
export type GoogleButtonConfiguration = {
  type: "standard" | "icon";
  theme?: "outline" | "filled_blue" | "filled_black";
  size?: "large" | "medium" | "small";
  text?: "signin_with" | "signup_with" | "continue_with" | "signin";
  shape?: "rectangular" | "pill" | "circle" | "square";
  logo_alignment?: "left" | "center";
  width?: number;
  locale?: string;
};

/** `google.accounts.id`, as far as Parley uses it. */
export type GoogleAccountsId = {
  initialize: (config: GoogleIdConfiguration) => void;
  prompt: (listener?: (moment: GooglePromptMoment) => void) => void;
  renderButton: (parent: HTMLElement, options: GoogleButtonConfiguration) => void;
  cancel: () => void;
};

const method = z.custom<(...args: never[]) => unknown>((value) => typeof value === "function");
const googleGlobal = z.object({
  accounts: z.object({ id: z.object({ initialize: method, prompt: method, renderButton: method, cancel: method }) }),
});

/** `window.google.accounts.id` once the script has run, checked to have the methods Parley calls. */
export function readGoogleAccountsId(google: unknown): GoogleAccountsId | null {
  if (!googleGlobal.safeParse(google).success) return null;
  // Checked above: the methods exist and are functions (their signatures are Google's documented
  // ones). The original object is returned, not zod's copy, so Google's methods keep their `this`.
  return (google as { accounts: { id: GoogleAccountsId } }).accounts.id;
}

export const googleIdentityScriptUrl = "https://accounts.google.com/gsi/client";

/**
 * A loader of Google Identity Services that adds its script to `parent()` on first use (never at
 * app start) and resolves with `scope.google.accounts.id`. It rejects with
 * `GoogleIdentityError("scriptFailed")` when the script does not load or does not define the API;
 * the next call then tries again.
 */
export function googleIdentityLoader(
  parent: () => Node = () => document.head,
  scope: { google?: unknown } = window as { google?: unknown },
): () => Promise<GoogleAccountsId> {
  let loading: Promise<GoogleAccountsId> | null = null;
  return () => {
    const ready = readGoogleAccountsId(scope.google);
    if (ready) return Promise.resolve(ready);
    loading ??= new Promise<GoogleAccountsId>((resolve, reject) => {
      const script = document.createElement("script");
      script.src = googleIdentityScriptUrl;
      script.async = true;
      script.addEventListener("load", () => {
        const api = readGoogleAccountsId(scope.google);
        if (api) resolve(api);
        else reject(new GoogleIdentityError("scriptFailed", "google.accounts.id is missing"));
      });
      script.addEventListener("error", () => {
        script.remove();
        reject(new GoogleIdentityError("scriptFailed"));
      });
      parent().appendChild(script);
    }).catch((error: unknown) => {
      loading = null;
      throw error;
    });
    return loading;
  };
}

/**
 * The app's loader of `https://accounts.google.com/gsi/client`.
 *
 * @example const id = await loadGoogleIdentity(); id.initialize({ client_id, callback, nonce, use_fedcm_for_prompt: true });
 */
export const loadGoogleIdentity = googleIdentityLoader();
