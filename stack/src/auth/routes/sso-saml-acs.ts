import { AuthError } from "../errors.ts";
import { clientInfo } from "../http/client-info.ts";
import { route } from "../http/route.ts";
import { completeSamlSignIn } from "../sso/acs.ts";
import { requireSaml } from "../sso/require-saml.ts";

const OAUTH_ERRORS: Record<number, string> = { 400: "invalid_request", 401: "unauthorized_client", 403: "access_denied", 500: "server_error", 503: "temporarily_unavailable" };
const ACCESS_DENIED_CODES = new Set(["signup_disabled", "user_banned", "provider_email_needs_verification"]);

/** Go's url.Values.Encode: keys sorted. */
const encode = (values: Record<string, string>) => new URLSearchParams(Object.entries(values).sort(([a], [b]) => a.localeCompare(b))).toString();

/**
 * POST /sso/saml/acs (open route; auth: internal/api/samlacs.go): 302 to redirect_to with `?code=`
 * (PKCE) or the session in the fragment (implicit); any failure 303 to site_url with `error`,
 * `error_code`, `error_description` in the query.
 */
export const ssoSamlAcsRoute = route("post", "/sso/saml/acs", async (c, core) => {
  requireSaml(core);
  const form = await c.req.parseBody();
  const text = (value: unknown) => (typeof value === "string" ? value : undefined);
  try {
    const outcome = await completeSamlSignIn(core, { SAMLResponse: text(form.SAMLResponse), RelayState: text(form.RelayState) }, clientInfo(c));
    const target = new URL(outcome.redirectTo);
    if (outcome.kind === "pkce") {
      target.searchParams.set("code", outcome.code);
      return c.redirect(target.toString(), 302);
    }
    const s = outcome.session;
    target.hash = encode({
      access_token: s.access_token,
      expires_at: String(s.expires_at),
      expires_in: String(s.expires_in),
      refresh_token: s.refresh_token,
      sb: "",
      token_type: "bearer",
    });
    return c.redirect(target.toString(), 302);
  } catch (error) {
    if (!(error instanceof AuthError)) throw error;
    if (error.status >= 500) core.logger.error({ err: error, cause: error.cause }, "auth: SAML ACS failed");
    const target = new URL(core.settings().site_url);
    target.searchParams.set("error", ACCESS_DENIED_CODES.has(error.code) ? "access_denied" : (OAUTH_ERRORS[error.status] ?? "server_error"));
    target.searchParams.set("error_code", error.code);
    target.searchParams.set("error_description", error.message);
    return c.redirect(target.toString(), 303);
  }
});
