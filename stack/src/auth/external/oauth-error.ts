/**
 * GoTrue's OAuthError (auth: internal/api/apierrors): answered as `{"error","error_description"}`
 * with status 400 from /token, and as `error`/`error_description` (no `error_code`) in redirects.
 */
export class OAuthStyleError extends Error {
  constructor(
    readonly error: string,
    readonly description: string,
    cause?: unknown,
  ) {
    super(description, cause === undefined ? undefined : { cause });
    this.name = "OAuthStyleError";
  }
}
