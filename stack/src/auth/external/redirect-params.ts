import { AuthError } from "../errors.ts";
import type { CheckedRedirect } from "../redirects/redirect-url.ts";
import { OAuthStyleError } from "./oauth-error.ts";

/** The OAuth `error` GoTrue names for an HTTP status (oauthErrorMap); other statuses have none. */
export const OAUTH_ERRORS: Readonly<Record<number, string>> = {
  400: "invalid_request",
  401: "unauthorized_client",
  403: "access_denied",
  500: "server_error",
  503: "temporarily_unavailable",
};
const ACCESS_DENIED_CODES = new Set(["signup_disabled", "user_banned", "provider_email_needs_verification"]);

/** Go's url.Values.Encode: keys sorted. */
export const encodeSorted = (values: Record<string, string>) =>
  new URLSearchParams(Object.entries(values).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))).toString();

/**
 * GoTrue's getErrorQueryString (auth: external.go): `error`, `error_description`, `error_code` (not for provider
 * errors).
 */
export function errorParams(error: unknown): Record<string, string> {
  if (error instanceof OAuthStyleError) return { error: error.error, error_description: error.description };
  if (error instanceof AuthError) {
    const kind = ACCESS_DENIED_CODES.has(error.code) ? "access_denied" : (OAUTH_ERRORS[error.status] ?? "server_error");
    return { error: kind, error_description: error.message, error_code: error.code };
  }
  return { error: "server_error", error_description: error instanceof Error ? error.message : "Internal Server Error" };
}

/**
 * redirectErrors: the error params in the query, and again (error, error_code, error_description, sb) in the fragment.
 */
export function errorRedirect(target: CheckedRedirect, error: unknown): string {
  const url = new URL(target);
  const params = errorParams(error);
  for (const [key, value] of Object.entries(params)) url.searchParams.set(key, value);
  url.hash = encodeSorted({ ...params, sb: "" });
  return url.toString();
}

/** A state that cannot be loaded: 303 to site_url with the error in the query only (loadFlowState). */
export function stateErrorRedirect(siteUrl: string, error: unknown): string {
  const url = new URL(siteUrl);
  for (const [key, value] of Object.entries(errorParams(error))) url.searchParams.set(key, value);
  return url.toString();
}

/** Implicit success (AccessTokenResponse.AsRedirectURL): tokens and provider tokens in the fragment. */
export function tokenRedirect(target: CheckedRedirect, fragment: Record<string, string>): string {
  const url = new URL(target);
  url.hash = encodeSorted({ ...fragment, sb: "" });
  return url.toString();
}
