import { AuthError } from "../errors.ts";
import { errorParams, tokenRedirect } from "../external/redirect-params.ts";
import { clientInfo } from "../http/client-info.ts";
import { route } from "../http/route.ts";
import { completeSamlSignIn } from "../sso/acs.ts";
import { requireSaml } from "../sso/require-saml.ts";

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
    const outcome = await completeSamlSignIn(
      core,
      { SAMLResponse: text(form.SAMLResponse), RelayState: text(form.RelayState) },
      clientInfo(c),
    );
    if (outcome.kind === "pkce") {
      const target = new URL(outcome.redirectTo);
      target.searchParams.set("code", outcome.code);
      return c.redirect(target.toString(), 302);
    }
    const s = outcome.session;
    const fragment = {
      access_token: s.access_token,
      expires_at: String(s.expires_at),
      expires_in: String(s.expires_in),
      refresh_token: s.refresh_token,
      token_type: "bearer",
    };
    return c.redirect(tokenRedirect(outcome.redirectTo, fragment), 302);
  } catch (error) {
    if (!(error instanceof AuthError)) throw error;
    if (error.status >= 500) core.logger.error({ err: error, cause: error.cause }, "auth: SAML ACS failed");
    // The same error params as an OAuth callback's, in the query only, keys sorted as Go encodes them.
    const target = new URL(core.settings().site_url);
    for (const [key, value] of Object.entries(errorParams(error)).sort()) target.searchParams.set(key, value);
    return c.redirect(target.toString(), 303);
  }
});
