/**
 * Why Google Identity Services could not sign the person in, before Supabase was even asked:
 * `scriptFailed` — `https://accounts.google.com/gsi/client` did not load (offline, blocked);
 * `promptNotDisplayed` — Google declined to show its one-tap prompt here (no Google session,
 * cooldown after dismissals, an origin not authorised for the client id); `noCredential` —
 * Google called back without an ID token. `describeAuthError` maps each to a localized message.
 */
export type GoogleIdentityFailure = "scriptFailed" | "promptNotDisplayed" | "noCredential";

export class GoogleIdentityError extends Error {
  readonly reason: GoogleIdentityFailure;

  constructor(reason: GoogleIdentityFailure, detail?: string) {
    super(detail ? `Google Identity Services: ${reason} (${detail})` : `Google Identity Services: ${reason}`);
    this.name = "GoogleIdentityError";
    this.reason = reason;
  }
}
