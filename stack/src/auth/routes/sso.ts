import { z } from "zod";
import { readBody } from "../http/body.ts";
import { route } from "../http/route.ts";
import { requireSaml } from "../sso/require-saml.ts";
import { startSso } from "../sso/start-sso.ts";

const bodySchema = z.object({
  provider_id: z.string().optional(),
  domain: z.string().optional(),
  redirect_to: z.string().optional(),
  skip_http_redirect: z.boolean().optional(),
  code_challenge: z.string().optional(),
  code_challenge_method: z.string().optional(),
});

/** POST /sso (auth: internal/api/sso.go): 200 `{url}` of the IdP with `skip_http_redirect`, else 303 to it. */
export const ssoRoute = route("post", "/sso", async (c, core) => {
  requireSaml(core);
  const body = await readBody(c, bodySchema);
  const url = await startSso(core, {
    providerId: body.provider_id,
    domain: body.domain,
    redirectTo: body.redirect_to,
    codeChallenge: body.code_challenge,
    codeChallengeMethod: body.code_challenge_method,
  });
  return body.skip_http_redirect ? c.json({ url }) : c.redirect(url, 303);
});
