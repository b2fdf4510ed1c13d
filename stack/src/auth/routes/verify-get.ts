import { AuthError } from "../errors.ts";
import { encodeSorted, OAUTH_ERRORS } from "../external/redirect-params.ts";
import { clientInfo } from "../http/client-info.ts";
import { requestRedirect } from "../http/redirect.ts";
import { route } from "../http/route.ts";
import type { CheckedRedirect } from "../redirects/redirect-url.ts";
import { isVerificationType } from "../otp/verification-types.ts";
import { verify } from "../otp/verify.ts";

function withFragment(
  target: CheckedRedirect,
  fragment: Record<string, string>,
  query: Record<string, string> = {},
): string {
  const url = new URL(target);
  for (const [key, value] of Object.entries(query)) url.searchParams.set(key, value);
  url.hash = encodeSorted(fragment);
  return url.toString();
}

/**
 * GET /verify: the link in an auth email (open route). 303 to the redirect with tokens in the
 * fragment (`type=` added), `?code=` for PKCE links, or error params. With no allowed redirect and
 * an unusable site_url it answers 400 in GoTrue's error shape (never a 500).
 */
export const verifyGetRoute = route("get", "/verify", async (c, core) => {
  const settings = core.settings();
  const redirect = requestRedirect(c, settings);
  if (!URL.canParse(redirect)) {
    // Only site_url can be unusable here (an allowed redirect_to is always absolute): a Site URL such
    // as "env(NEXT_SITE_URL)" with the variable unset, which the start warned about. Nowhere to send
    // the browser: answered before the token is spent, so the link works once the config is fixed.
    throw new AuthError(
      400,
      "validation_failed",
      `Unable to redirect: auth.site_url is not a usable URL (${JSON.stringify(settings.site_url)}) and the link names no allowed redirect_to`,
    );
  }
  const token = c.req.query("token") ?? "";
  const type = c.req.query("type") ?? "";
  const pkce = token.startsWith("pkce_");
  const client = clientInfo(c);
  try {
    core.limits.check("token_verifications", client.ip);
    if (!isVerificationType(type) || type === "sms" || type === "phone_change" || token === "") {
      throw new AuthError(400, "validation_failed", "Verify requires a verification type");
    }
    const result = await verify(core, { form: "hash", type, hash: token }, client, true);
    if (result.kind === "pkce")
      return c.redirect(withFragment(redirect, {}, { code: result.code }).replace(/#$/, ""), 303);
    if (result.kind === "pending") {
      return c.redirect(
        withFragment(redirect, { message: result.message, sb: "" }, pkce ? { message: result.message } : {}),
        303,
      );
    }
    const s = result.session;
    const fragment = {
      access_token: s.access_token,
      expires_at: String(s.expires_at),
      expires_in: String(s.expires_in),
      refresh_token: s.refresh_token,
      sb: "",
      token_type: "bearer",
      type,
    };
    return c.redirect(withFragment(redirect, fragment), 303);
  } catch (error) {
    if (!(error instanceof AuthError)) throw error;
    const params: Record<string, string> = { error_code: error.code, error_description: error.message };
    const oauth = OAUTH_ERRORS[error.status];
    if (oauth) params.error = oauth;
    return c.redirect(withFragment(redirect, { ...params, sb: "" }, pkce ? params : {}), 303);
  }
});
